import type { BrowserContext, Page } from '@playwright/test';
import { type Seed, allVisits, axeFindings, openInApp, routerPaths, seedMember, shareSeed, visitsByPath } from './a11y-support';
import { resetLinkFor } from './fixtures/accounts';
import { expect, test } from './fixtures/test';

// axe-core on every route of the SPA (read from its router) and on the states that matter:
// empty lists, open modals and menus, the point panel, the mobile layouts. Any moderate,
// serious or critical finding fails, listed with its rule, help text and target selectors.
//
// One member is seeded for the whole file (beforeAll); each check is a soft assertion, so
// one run lists every finding instead of stopping at the first.

let seed: Seed;
let resetLink: string;
let visitor: BrowserContext;
let member: BrowserContext;
let memberPage: Page;
let emptyListFindings: string[] = ['not checked'];

test.beforeAll(async ({ browser, baseUrl }) => {
  test.setTimeout(180_000);
  member = await browser.newContext();
  memberPage = await member.newPage();
  seed = await seedMember(memberPage, baseUrl, 'a11y', async () => {
    // No business yet: the empty list is checked now, before the seeding fills it.
    await memberPage.goto('/rankmap');
    await expect(memberPage.getByRole('heading', { name: 'Añade tu primer negocio' })).toBeVisible();
    emptyListFindings = await axeFindings(memberPage);
  });
  // The keyboard and responsive specs of this run sign in as this member instead of seeding their own.
  shareSeed(seed);
  resetLink = await resetLinkFor(baseUrl, seed.email);
  visitor = await browser.newContext();
});

test.afterAll(async () => {
  await visitor?.close();
  await member?.close();
});

/** A soft check: the test goes on to the next screen and reports every finding at the end. */
async function checkNow(page: Page, screen: string) {
  expect.soft(await axeFindings(page), `axe on ${screen} (${page.url()})`).toEqual([]);
}

test('when the router gains or loses a path, then this spec has a visit for exactly its paths', () => {
  expect(Object.keys(visitsByPath(seed, resetLink)).sort()).toEqual(routerPaths());
});

test('when any route of the router is rendered, then axe finds no moderate, serious or critical violations', async () => {
  test.setTimeout(180_000);
  const visitorPage = await visitor.newPage();
  expect.soft(emptyListFindings, 'axe on the empty places list').toEqual([]);
  for (const visit of allVisits(seed, resetLink)) {
    await test.step(`${visit.name} (${visit.url})`, async () => {
      const page = visit.as === 'member' ? memberPage : visitorPage;
      await openInApp(page, visit.url);
      await visit.ready(page);
      await checkNow(page, visit.name);
    });
  }
});

test('when the analysis page shows its modal, competitors mode and point panel, then axe finds nothing moderate or worse', async () => {
  const page = memberPage;
  await page.goto(`/rankmap/${seed.placeId}/keyword/${seed.keywordId}`);
  await expect(page.getByTestId('competitors-table')).toBeVisible({ timeout: 20_000 });

  await page.getByRole('button', { name: 'Nuevo Análisis' }).first().click();
  const modal = page.getByRole('dialog', { name: 'Nuevo Análisis' });
  await expect(modal.getByText(/Coste: \d+ créditos/)).toBeVisible();
  await checkNow(page, 'Nuevo Análisis modal');
  await modal.getByRole('radio', { name: 'Programar' }).check();
  await checkNow(page, 'Nuevo Análisis modal, scheduling');
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();

  await page.locator('.rm-result-marker[data-row="3"][data-col="3"]').click();
  await expect(page.getByTestId('point-panel').getByRole('listitem').first()).toBeVisible();
  await checkNow(page, 'point panel');
  await page.keyboard.press('Escape');

  await page.getByRole('radio', { name: 'Competidores' }).click();
  await expect(page.getByRole('radio', { name: 'Competidores' })).toBeChecked();
  await checkNow(page, 'competitors map');
});

test('when the place menus and dialogs are open, then axe finds nothing moderate or worse', async () => {
  const page = memberPage;
  await page.goto('/rankmap');
  const actions = page.getByRole('button', { name: /^Acciones de / }).first();
  await actions.click();
  await expect(page.getByRole('menu')).toBeVisible();
  await checkNow(page, 'place card menu');
  await page.getByRole('menuitem', { name: 'Eliminar' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Eliminar negocio?' });
  await expect(confirm).toBeVisible();
  await checkNow(page, 'delete confirmation');
  await confirm.getByRole('button', { name: 'No' }).click();
  await expect(confirm).toBeHidden();

  await page.goto(`/rankmap/${seed.placeId}`);
  await page.getByRole('button', { name: 'Configurar Horario' }).click();
  await expect(page.getByRole('dialog', { name: 'Configurar Horario' })).toBeVisible();
  await checkNow(page, 'schedule modal');
  await page.keyboard.press('Escape');

  await page.goto('/profile');
  for (const tab of ['Datos de facturación', 'Historial de pagos']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await checkNow(page, `profile tab ${tab}`);
  }
});

test('when a phone-sized screen opens the mobile menus, then axe finds nothing moderate or worse', async () => {
  await memberPage.setViewportSize({ width: 375, height: 800 });
  await memberPage.goto('/');
  await expect(memberPage.getByRole('navigation', { name: 'Accesos rápidos' })).toBeVisible();
  // The page's own content, not its loader (which has no h1 yet).
  await expect(memberPage.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({ timeout: 20_000 });
  await checkNow(memberPage, 'dashboard at 375 px');
  await memberPage.getByRole('button', { name: 'Abrir menú' }).click();
  await expect(memberPage.locator('#app-mobile-menu')).toBeVisible();
  await checkNow(memberPage, 'signed-in mobile menu');
  await memberPage.keyboard.press('Escape');
  await memberPage.setViewportSize({ width: 1280, height: 720 });

  const page = await visitor.newPage();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  // The landing's own content (its h1), not only the header that shows while it loads.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await expect(page.locator('#public-mobile-menu')).toBeVisible();
  await checkNow(page, 'public mobile menu');
});

test('when forms show their validation errors, then axe finds nothing moderate or worse', async () => {
  const page = await visitor.newPage();
  await page.goto('/signin');
  await page.getByLabel('Email', { exact: true }).fill('nadie@example.com');
  await page.getByLabel('Contraseña', { exact: true }).fill('No-es-la-buena1');
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await checkNow(page, 'sign-in error');

  await page.goto('/signup');
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  await checkNow(page, 'sign-up validation');

  await page.goto('/contact');
  await page.getByRole('button', { name: 'Enviar mensaje' }).click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  await checkNow(page, 'contact validation');
});
