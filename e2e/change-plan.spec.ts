import { type Page, expect, test } from '@playwright/test';
import { PASSWORD, mailLink, payInSandbox, signUpViaApi, uniqueEmail } from './support';

// A subscriber changes plan from the plans page, through the local sandbox payment provider
// (docs/decisions.md §22.1): a confirmation dialog with the prorated price first, then the change.

const card = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name }) });

test('when a Profesional subscriber moves up to Premium and then to annual, then each change shows its price first and applies at once', async ({ page, request }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('cambio');
  await signUpViaApi(request, email, PASSWORD, 'Carla Cambio');
  await page.goto(await mailLink(request, email, 'confirm-email'));
  await expect(page).toHaveURL(/\/subscription$/, { timeout: 15_000 });

  await page.getByRole('radio', { name: 'Mensual' }).click();
  await card(page, 'Profesional').getByRole('button', { name: 'Suscribirse Mensual' }).click();
  await payInSandbox(page);

  // Back on the plans page, the current plan is marked and the others offer a change.
  await page.goto('/subscription');
  await page.getByRole('radio', { name: 'Mensual' }).click();
  await expect(card(page, 'Profesional').getByText('Tu plan actual')).toBeVisible();
  await card(page, 'Premium').getByRole('button', { name: 'Cambiar a este plan' }).click();

  const dialog = page.getByRole('dialog', { name: '¿Cambiar a Premium (mensual)?' });
  await expect(dialog.getByText('Profesional (mensual)')).toBeVisible();
  await expect(dialog.getByText('Ahora mismo')).toBeVisible();
  // In the trial nothing is charged now; the renewal is at Premium's price.
  await expect(dialog.getByTestId('change-amount')).toHaveText(/^0,00\s€$/);
  await expect(dialog.getByText(/^99,00\s€ el /)).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirmar el cambio' }).click();
  await expect(dialog.getByText('Plan cambiado. Los nuevos límites ya se aplican.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Entendido' }).click();
  await expect(card(page, 'Premium').getByText('Tu plan actual')).toBeVisible();

  // The new limits: the profile shows Premium's largest grid, 13×13.
  await page.goto('/profile');
  await expect(page.getByText('13×13').first()).toBeVisible();
  await page.goto('/subscription');

  // Monthly to annual on the same plan (the page opens on annual).
  await card(page, 'Premium').getByRole('button', { name: 'Cambiar a este plan' }).click();
  const annual = page.getByRole('dialog', { name: '¿Cambiar a Premium (anual)?' });
  await expect(annual.getByText(/^948,00\s€ el /)).toBeVisible();
  await annual.getByRole('button', { name: 'Confirmar el cambio' }).click();
  await expect(annual.getByText('Plan cambiado. Los nuevos límites ya se aplican.')).toBeVisible();
  await annual.getByRole('button', { name: 'Entendido' }).click();
  await expect(card(page, 'Premium').getByText('Tu plan actual')).toBeVisible();

  // A lower plan is refused with the reason, and nothing changes.
  await card(page, 'Profesional').getByRole('button', { name: 'Cambiar a este plan' }).click();
  await expect(page.getByRole('dialog').getByRole('alert')).toContainText('Por ahora solo puedes cambiar a un plan superior');
});
