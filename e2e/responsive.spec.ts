import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { type Seed, type Visit, allVisits, memberContext, openInApp } from './a11y-support';
import { resetLinkFor } from './fixtures/accounts';
import { expect, test } from './fixtures/test';

// Every route at 375, 768 and 1280 px wide: no sideways scrolling, the mobile navigation
// only below 768 px, and a full-page screenshot of each in e2e/.artifacts/screens/ for a
// person to look at (overlap and cut text are not something a script can judge).

const WIDTHS = [375, 768, 1280] as const;
const SCREENS = path.resolve(import.meta.dirname, '.artifacts/screens');

let seed: Seed;
let resetLink: string;
let member: BrowserContext;
let memberPage: Page;
let visitor: BrowserContext;

test.beforeAll(async ({ browser, baseUrl }) => {
  test.setTimeout(180_000);
  ({ seed, context: member, page: memberPage } = await memberContext(browser, baseUrl, 'responsive'));
  resetLink = await resetLinkFor(baseUrl, seed.email);
  visitor = await browser.newContext();
  for (const width of WIDTHS) mkdirSync(path.join(SCREENS, String(width)), { recursive: true });
});

test.afterAll(async () => {
  await visitor?.close();
  await member?.close();
});

/** How far the page is wider than the window, and the first elements that push it out. */
async function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const excess = document.scrollingElement!.scrollWidth - width;
    if (excess <= 0) return { excess, culprits: [] as string[] };
    // An element cut off by an ancestor (overflow other than visible) cannot widen the page.
    const clipped = (el: Element) => {
      for (let a = el.parentElement; a && a !== document.documentElement; a = a.parentElement) {
        if (getComputedStyle(a).overflowX !== 'visible') return true;
      }
      return false;
    };
    const culprits = Array.from(document.body.querySelectorAll('*'))
      .filter((el) => el.getBoundingClientRect().right > width + 0.5 && !clipped(el))
      .slice(0, 5)
      .map((el) => `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}">`.slice(0, 140));
    return { excess, culprits };
  });
}

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[^\w]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();

async function shoot(page: Page, visit: Visit, width: number) {
  const overflow = await sidewaysOverflow(page);
  expect
    .soft(overflow.excess, `${visit.name} at ${width} px scrolls sideways; too wide: ${overflow.culprits.join(', ')}`)
    .toBeLessThanOrEqual(0);
  await page.screenshot({ path: path.join(SCREENS, String(width), `${slug(visit.name)}.png`), fullPage: true, animations: 'disabled' });
}

test('when every route is shown at 375, 768 and 1280 px, then none scrolls sideways and each is photographed', async () => {
  test.setTimeout(420_000);
  const visitorPage = await visitor.newPage();
  // Each width loads each page afresh: a layout can differ between loading at a width and
  // being resized to it (the profile tabs overflowed only when loaded at 768 px).
  for (const width of WIDTHS) {
    await memberPage.setViewportSize({ width, height: 800 });
    await visitorPage.setViewportSize({ width, height: 800 });
    for (const visit of allVisits(seed, resetLink)) {
      await test.step(`${visit.name} at ${width} px (${visit.url})`, async () => {
        const page = visit.as === 'member' ? memberPage : visitorPage;
        await openInApp(page, visit.url);
        await visit.ready(page);
        await shoot(page, visit, width);
      });
    }
  }
});

/** The signed-in navigations: which of them a member sees at `width`. */
async function signedInNav(page: Page) {
  return {
    bottomBar: await page.getByRole('navigation', { name: 'Accesos rápidos' }).isVisible(),
    menuButton: await page.getByRole('button', { name: 'Abrir menú' }).isVisible(),
    sidebar: await page.getByRole('navigation', { name: 'Menú de la aplicación' }).isVisible(),
  };
}

test('when a member is below 768 px, then the bottom bar and the menu show; from 768 px the sidebar replaces them', async () => {
  const page = memberPage;
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/rankmap');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  for (const width of [375, 767]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await signedInNav(page), `navigation at ${width} px`).toEqual({ bottomBar: true, menuButton: true, sidebar: false });
  }
  // The bottom bar holds the five main sections of an agency plan (the member is on Starter:
  // «Cartera» and «Campañas», not «Reseñas»: docs/product.md §2) and marks the current one.
  const bar = page.getByRole('navigation', { name: 'Accesos rápidos' });
  await expect(bar.getByRole('link')).toHaveText(['Inicio', 'RankMap', 'Cartera', 'Campañas', 'Perfil']);
  await expect(bar.getByRole('link', { name: 'RankMap' })).toHaveAttribute('aria-current', 'page');
  // The bottom bar never covers the end of the page: the last content clears it.
  // The list may still grow (its cards load after the heading), so scroll and measure until the page is still.
  await expect
    .poll(async () => {
      await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
      const barTop = (await bar.boundingBox())!.y;
      const mainBottom = await page.locator('main#main > div').evaluate((el) => el.getBoundingClientRect().bottom);
      return mainBottom - barTop;
    }, { message: 'the end of the page clears the bottom bar' })
    .toBeLessThanOrEqual(1);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  const menu = page.getByRole('navigation', { name: 'Menú' });
  // The member owns their workspace: «Equipo» and «Actividad» too (docs/decisions.md §30.7).
  await expect(menu.getByRole('link')).toHaveText(['Panel', 'RankMap', 'Cartera', 'Clientes', 'Campañas', 'Estadísticas', 'Reseñas', 'Equipo', 'Actividad', 'Soporte', 'Perfil']);
  await expect(page.locator('#app-mobile-menu').getByRole('button', { name: 'Cerrar Sesión' })).toBeVisible();
  await page.screenshot({ path: path.join(SCREENS, '375', 'signed-in-mobile-menu-open.png') });
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  for (const width of [768, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await signedInNav(page), `navigation at ${width} px`).toEqual({ bottomBar: false, menuButton: false, sidebar: true });
  }
});

test('when a visitor is below 768 px, then the header offers the menu; from 768 px the full navigation shows instead', async () => {
  const page = await visitor.newPage();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  const mainNav = page.getByRole('navigation', { name: 'Navegación principal' });
  const toggle = page.getByRole('button', { name: 'Abrir menú' });
  for (const width of [375, 767]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(toggle, `menu button at ${width} px`).toBeVisible();
    await expect(mainNav, `header links at ${width} px`).toBeHidden();
  }
  await page.setViewportSize({ width: 375, height: 800 });
  await toggle.click();
  const menu = page.getByRole('navigation', { name: 'Menú' });
  await expect(menu.getByRole('link')).toHaveText(['Inicio', 'Contacta', 'Iniciar Sesión', 'Registrarse']);
  await page.screenshot({ path: path.join(SCREENS, '375', 'public-mobile-menu-open.png') });
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  for (const width of [768, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(toggle, `menu button at ${width} px`).toBeHidden();
    await expect(mainNav, `header links at ${width} px`).toBeVisible();
    expect((await sidewaysOverflow(page)).excess, `landing at ${width} px`).toBeLessThanOrEqual(0);
  }
});
