import { type APIRequestContext, type Page, expect } from '@playwright/test';

// Helpers shared by the journeys. E-mails are read from the local outbox
// (GET /api/dev/mail); nothing is mocked.

export const PASSWORD = 'Mapas#2025';

/** An e-mail as the local outbox lists it (GET /api/dev/mail). */
export interface OutboxItem {
  id: string;
  to: string;
  kind: string;
  subject: string;
  text: string;
  attachments?: { filename: string; contentType: string; url: string }[];
}

/** The first e-mail in the outbox that `match` accepts, waiting for it to be stored; `what` names it in a failure. */
export async function outboxMail(request: APIRequestContext, match: (m: OutboxItem) => boolean, what: string): Promise<OutboxItem> {
  let found: OutboxItem | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/dev/mail');
        if (!res.ok()) return undefined;
        found = ((await res.json()) as { emails: OutboxItem[] }).emails.find(match);
        return found;
      },
      { message: what },
    )
    .toBeTruthy();
  return found!;
}

export const uniqueEmail = (label: string) => `e2e-${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** The first link of the newest e-mail of `kind` sent to `to`, waiting for it to be stored. */
export async function mailLink(request: APIRequestContext, to: string, kind: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/dev/mail');
        if (!res.ok()) return '';
        const { emails } = (await res.json()) as { emails: OutboxItem[] };
        const mail = emails.find((m) => m.to === to && m.kind === kind);
        link = /https?:\/\/\S+/.exec(mail?.text ?? '')?.[0] ?? '';
        return link;
      },
      { message: `a ${kind} e-mail to ${to} in the outbox` },
    )
    .not.toBe('');
  return link;
}

export async function signUpViaApi(request: APIRequestContext, email: string, password = PASSWORD, name = 'Lucía Prueba') {
  const res = await request.post('/api/auth/signup/user', {
    data: { name, email, password, confirmPassword: password },
  });
  expect(res.status()).toBe(201);
}

export async function confirmViaApi(request: APIRequestContext, email: string) {
  const link = new URL(await mailLink(request, email, 'confirm-email'));
  // The page /confirm-email/user/:token calls GET /api/auth/confirm-email/user/:token.
  const res = await request.get(`/api/auth${link.pathname}`);
  expect(res.status()).toBe(200);
}

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

/**
 * A new, confirmed user signed in in `page` with a paid plan: 'Básico' or 'Premium' (basic type) or
 * 'Starter' or 'Enterprise' (pro type, Enterprise for 25×25 grids), bought through the sandbox checkout.
 */
export async function subscribedUser(
  page: Page,
  request: APIRequestContext,
  label: string,
  plan: 'Básico' | 'Premium' | 'Starter' | 'Enterprise' = 'Básico',
) {
  const email = uniqueEmail(label);
  await signUpViaApi(request, email);
  await page.goto(await mailLink(request, email, 'confirm-email'));
  await expect(page).toHaveURL(/\/subscription$/, { timeout: 15_000 });
  if (plan === 'Starter' || plan === 'Enterprise') await page.getByRole('radio', { name: 'Agentes de Marketing' }).click();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: plan }) });
  await card.getByRole('button', { name: 'Suscribirse Anual' }).click();
  await payInSandbox(page);
  return email;
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
