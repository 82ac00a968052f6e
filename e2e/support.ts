import { type Page, expect } from '@playwright/test';

// What the journeys do in the browser more than once: signing in through the form, paying in
// the sandbox checkout, adding the Madrid clinic. Set-up through the API, the outbox and the
// accounts are fixtures (e2e/fixtures/test.ts).

export const PASSWORD = 'Mapas#2025';

export const uniqueEmail = (label: string) => `e2e-${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

export async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
}

/** Pays in the sandbox checkout (the local payment provider) and waits for the success page. */
export async function payInSandbox(page: Page) {
  await expect(page).toHaveURL(/\/sandbox\/checkout\/cs_sbx_/);
  await expect(page.getByText('Entorno de pruebas — no se realiza ningún cargo real').first()).toBeVisible();
  await page.getByRole('button', { name: 'Pagar', exact: true }).click();
  await expect(page).toHaveURL(/\/subscription\/success\?session_id=/);
}

/** Fills the sign-up form open in `page` and sends it: the page asks to confirm the e-mail. */
export async function signUpThroughForm(page: Page, name: string, email: string) {
  await page.getByLabel('Nombre', { exact: true }).fill(name);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirmar contraseña', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page).toHaveURL(/\/email-verification/);
}

/** Adds a dental clinic in Madrid, inland (all 49 points of the default grid are searched), through the wizard; answers its id, on its page. */
export async function addMadridClinic(page: Page): Promise<string> {
  await page.goto('/new-place');
  return createMadridClinicInWizard(page);
}

/**
 * The same clinic, through the wizard already open in `page`. On a plan paid in credits the
 * wizard offers the weekly scan unticked, with its cost (docs/decisions.md §29.5); the user
 * ticks it here, as the specs that use this clinic expect its weekly scan.
 */
export async function createMadridClinicInWizard(page: Page): Promise<string> {
  await page.getByRole('combobox', { name: 'Nombre del negocio' }).fill('dental Madrid');
  await page.getByRole('option').first().click();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('49 se analizan')).toBeVisible({ timeout: 30_000 });
  const offer = page.getByTestId('weekly-scan-offer');
  if (await offer.isVisible()) {
    await expect(offer.getByTestId('weekly-scan-cost')).toHaveText(/^Cada keyword cuesta 49 créditos por escaneo, unos 212 al mes \(≈ 8,48\s€\)$/);
    await expect(offer.getByRole('checkbox')).not.toBeChecked();
    await offer.getByRole('checkbox').check();
  }
  await page.getByRole('button', { name: 'Crear negocio' }).click();
  await expect(page).toHaveURL(/\/rankmap\/[0-9a-f-]{36}$/, { timeout: 15_000 });
  return /\/rankmap\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
}

/**
 * The name of the business just created, read once its own page shows: mid-navigation the h1
 * is still the wizard's «Añadir Negocio» (CI once read it).
 */
export async function createdPlaceName(page: Page): Promise<string> {
  await expect(page.getByLabel('Nueva keyword')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Añadir Negocio');
  return (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
}

/** Adds a keyword from the business's page, typed as given into «Nueva keyword». */
export async function addKeyword(page: Page, text: string) {
  await page.getByLabel('Nueva keyword').fill(text);
  await page.getByRole('button', { name: 'Añadir keyword' }).click();
}

/**
 * On a phone, a profile tab of a feature the plan lacks: the notice names the plans that have
 * it, there is no button to add one, and the page does not scroll sideways.
 */
export async function expectAgencyOnlyTabOnPhone(page: Page, tab: { query: string; upgradeTestId: string; addButton: string }) {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/profile?tab=${tab.query}`);
  await expect(page.getByTestId(tab.upgradeTestId).getByText('Disponible en planes para agencias')).toBeVisible();
  await expect(page.getByRole('button', { name: tab.addButton })).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}
