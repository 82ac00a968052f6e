import { expect, test } from './fixtures/test';
import { createMadridClinicInWizard, payInSandbox, signUpThroughForm, uniqueEmail } from './support';

// A newcomer's first visit in a real browser, nothing mocked: from the landing's "Comenzar
// gratis" through sign-up, the confirmation e-mail, a rejected and then a paid sandbox
// checkout, to the first business (docs/decisions.md §22).

test('when a newcomer follows "Comenzar gratis", then sign-up, plans, checkout and the dashboard lead to the first business', async ({ page, outbox }) => {
  test.setTimeout(150_000);
  const email = uniqueEmail('nueva');
  /** The kinds of the e-mails sent to the newcomer. */
  const mailKinds = async () => (await outbox.filter((m) => m.to === email)).map((m) => m.kind);

  await page.goto('/');
  const hero = page.locator('section', { has: page.getByRole('heading', { level: 1 }) });
  await hero.getByRole('link', { name: 'Comenzar gratis' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  // The way to an account comes before the sign-in form.
  const newcomer = page.getByRole('region', { name: '¿Es tu primera vez en RankMaps?' });
  await expect(newcomer).toContainText('14 días de prueba gratis');
  await newcomer.getByRole('link', { name: 'Crea tu cuenta gratis' }).click();

  await expect(page).toHaveURL(/\/signup$/);
  await signUpThroughForm(page, 'Nora Nueva', email);

  // The confirmation link signs in and the guard sends a user without a plan to the plans.
  await page.goto(await outbox.link(email, 'confirm-email'));
  await expect(page).toHaveURL(/\/subscription$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: '¡Te damos la bienvenida, Nora Nueva!' })).toBeVisible();
  await expect.poll(() => mailKinds()).toContain('welcome');

  // Monthly, then "Rechazar pago": back on the plans with the reason, still on monthly.
  await page.getByRole('radio', { name: 'Mensual' }).click();
  const basico = () => page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: 'Básico' }) });
  await basico().getByRole('button', { name: 'Suscribirse Mensual' }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\/cs_sbx_/);
  await page.getByRole('button', { name: 'Rechazar pago', exact: true }).click();
  await expect(page).toHaveURL(/\/subscription\?checkout=cancelled&period=monthly$/);
  await expect(page.getByRole('status').filter({ hasText: 'No se ha completado el pago y no se te ha cobrado nada.' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Mensual' })).toBeChecked();

  await basico().getByRole('button', { name: 'Suscribirse Mensual' }).click();
  await payInSandbox(page);
  await page.getByRole('link', { name: 'Ir al panel principal' }).click();

  // The empty dashboard: the trial's end and the first business as the next step.
  await expect(page.getByTestId('trial-notice')).toContainText(/Tu prueba gratis termina el \d{1,2} de [a-z]+ de \d{4}/);
  const firstPlace = page.getByRole('region', { name: 'Añade tu primer negocio' });
  await firstPlace.getByRole('link', { name: 'Añadir mi negocio' }).click();
  await expect(page).toHaveURL(/\/new-place$/);
  await createMadridClinicInWizard(page);

  // With a business, the dashboard no longer asks for one; the profile shows the trial's end too.
  await page.goto('/');
  await expect(page.getByTestId('trial-notice')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Añade tu primer negocio' })).toHaveCount(0);
  await page.goto('/profile');
  await expect(page.getByText('Fin del período de prueba')).toBeVisible();
  // The welcome, once.
  expect((await mailKinds()).filter((k) => k === 'welcome')).toHaveLength(1);
});
