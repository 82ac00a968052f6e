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

/** Adds a dental clinic in Madrid, inland (all 49 points of the default grid are searched), through the wizard; answers its id, on its page. */
export async function addMadridClinic(page: Page): Promise<string> {
  await page.goto('/new-place');
  return createMadridClinicInWizard(page);
}

/** The same clinic, through the wizard already open in `page`. */
export async function createMadridClinicInWizard(page: Page): Promise<string> {
  await page.getByRole('combobox', { name: 'Nombre del negocio' }).fill('dental Madrid');
  await page.getByRole('option').first().click();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('49 se analizan')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Crear negocio' }).click();
  await expect(page).toHaveURL(/\/rankmap\/[0-9a-f-]{36}$/, { timeout: 15_000 });
  return /\/rankmap\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
}
