import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { addMadridClinic } from './support';

// Stored XSS in a real browser. A subscriber's every text holds payloads that would run if
// any screen put them into the page as HTML: the name, the billing data, a keyword, a
// support ticket (shown back by the mail outbox page). Each screen must show the text
// literally, no payload may run (window.__xss stays undefined, no dialog opens), and the
// Content-Security-Policy must report no violation on any page: the SPA itself needs no
// inline script, and a payload that slipped through would be blocked and reported.

const IMG = '<img src=x onerror="window.__xss=1">';
const SCRIPT = '"><script>window.__xss=1</script>';
const NAME = `Ana ${IMG} ${SCRIPT}`;
const KEYWORD = `kw ${IMG}`;

declare global {
  interface Window {
    __xss?: number;
    __cspViolations?: string[];
  }
}

/** Records CSP violations and dialogs from the first script of every page on. */
async function watch(page: Page): Promise<{ dialogs: string[]; consoleCsp: string[] }> {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__cspViolations!.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const dialogs: string[] = [];
  const consoleCsp: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) consoleCsp.push(m.text());
  });
  return { dialogs, consoleCsp };
}

async function expectNothingRan(page: Page, seen: { dialogs: string[]; consoleCsp: string[] }, where: string) {
  expect(await page.evaluate(() => window.__xss), `${where}: window.__xss`).toBeUndefined();
  expect(await page.evaluate(() => window.__cspViolations ?? []), `${where}: CSP violations`).toEqual([]);
  expect(seen.consoleCsp, `${where}: CSP console messages`).toEqual([]);
  expect(seen.dialogs, `${where}: dialogs`).toEqual([]);
  // No element carries a handler or script that came from user text.
  expect(await page.locator('img[src="x"], script:not([src])').count(), `${where}: injected elements`).toBe(0);
}

test('when every user text holds script markup, then each screen shows it literally, nothing runs and the CSP reports nothing', async ({
  page,
  subscribe,
}) => {
  test.setTimeout(180_000);
  const seen = await watch(page);

  // Sign-up with the payload as the name, then pay the Básico plan in the sandbox.
  await subscribe('Básico', { name: NAME });
  await expectNothingRan(page, seen, 'checkout');

  // Dashboard and the account badge show the name as text.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText(NAME, { exact: true }).first()).toBeVisible();
  await expectNothingRan(page, seen, 'dashboard');

  // Profile: the header shows the name; billing data saved with payloads comes back as values.
  await page.goto('/profile');
  await expect(page.getByText(NAME, { exact: true }).first()).toBeVisible();
  await expect(page.getByLabel('Nombre', { exact: true })).toHaveValue(NAME);
  await page.getByRole('tab', { name: /facturación/i }).click();
  await page.locator('label').filter({ hasText: 'Empresa' }).click();
  const billing: [string, string][] = [
    ['Razón Social', `Razón ${IMG}`],
    ['CIF', 'B29123456'],
    ['Dirección', `Calle ${SCRIPT}`],
    ['Código postal', '29005'],
    ['Ciudad', `Ciudad ${IMG}`],
    ['Provincia', `Provincia ${SCRIPT}`],
    ['País', `País ${IMG}`],
  ];
  for (const [label, value] of billing) await page.getByLabel(label).fill(value);
  await page.getByRole('button', { name: 'Guardar datos de facturación' }).click();
  await expect(page.getByText('Datos de facturación actualizados correctamente.')).toBeVisible();
  await page.reload();
  await page.getByRole('tab', { name: /facturación/i }).click();
  for (const [label, value] of billing) await expect(page.getByLabel(label)).toHaveValue(value);
  await expectNothingRan(page, seen, 'profile');

  // A place, and a keyword holding a payload: the place's page lists it as text.
  await addMadridClinic(page);
  await page.getByLabel('Nueva keyword').fill(KEYWORD);
  await page.getByRole('button', { name: 'Añadir keyword' }).click();
  await expect(page.getByText(`Keyword «${KEYWORD}» añadida.`)).toBeVisible();
  const keywordLink = page.getByRole('link').filter({ hasText: KEYWORD });
  await expect(keywordLink).toBeVisible();
  await expect(page.getByRole('button', { name: `Eliminar la keyword ${KEYWORD}` })).toBeVisible();
  await page.reload();
  await expect(keywordLink).toBeVisible();
  await expectNothingRan(page, seen, 'place and keyword');
  await keywordLink.click();
  await expect(page).toHaveURL(/\/keyword\//);
  await expect(page.getByText(KEYWORD).first()).toBeVisible();
  await expectNothingRan(page, seen, 'keyword page');

  // A support ticket with payloads; the sidebar shows the name, the outbox shows the ticket.
  await page.goto('/support');
  await expect(page.getByTestId('support-user-name')).toHaveText(NAME);
  await page.getByRole('combobox', { name: 'Categoría' }).selectOption({ label: 'Problema técnico' });
  await page.getByRole('combobox', { name: 'Prioridad' }).selectOption({ label: 'Alta' });
  const subject = `Asunto ${IMG}`;
  const message = `Mensaje ${SCRIPT} javascript:window.__xss=1`;
  await page.getByRole('textbox', { name: 'Asunto' }).fill(subject);
  await page.getByRole('textbox', { name: 'Mensaje' }).fill(message);
  const posted = page.waitForResponse((r) => r.url().endsWith('/api/general/support') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Enviar ticket' }).click();
  expect((await posted).status()).toBe(200);
  await expectNothingRan(page, seen, 'support');

  await page.goto('/dev/mail');
  await expect(page.getByText(subject).first()).toBeVisible();
  await expect(page.getByText(message).first()).toBeVisible();
  // The only links the outbox makes are http(s) ones: the javascript: text stays text.
  expect(await page.locator('a[href^="javascript:" i]').count()).toBe(0);
  await expectNothingRan(page, seen, 'mail outbox');

  // The watchers above are not blind: a payload forced into the DOM (as a rendering bug
  // would) is blocked by the CSP, reported, and still does not run.
  await page.evaluate((html) => document.body.insertAdjacentHTML('beforeend', html), IMG);
  await expect.poll(() => page.evaluate(() => window.__cspViolations ?? [])).toContainEqual(expect.stringMatching(/^script-src(-attr)? /));
  expect(await page.evaluate(() => window.__xss)).toBeUndefined();
});
