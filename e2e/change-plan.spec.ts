import type { Page } from '@playwright/test';
import { expectNoAxeFindings } from './a11y-support';
import { addPlacesThroughApi } from './fixtures/places';
import { expect, test } from './fixtures/test';

// A subscriber changes plan from the plans page, through the local sandbox payment provider
// (docs/decisions.md §22.1): a confirmation dialog with the prorated price first, then the change;
// a move down with its date, scheduled for the period's end and cancelled from the profile.

const card = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name }) });

test('when a Profesional subscriber moves up to Premium and then to annual, then each change shows its price first and applies at once; a move down shows its date and is cancelled from the profile', async ({ page, subscribe }) => {
  test.setTimeout(120_000);
  await subscribe('Profesional', { period: 'monthly', name: 'Carla Cambio' });

  // Back on the plans page, it opens on the subscriber's audience and period, marks the current
  // plan, offers no trial, and the other plans offer a change.
  await page.goto('/subscription');
  await expect(page.getByRole('radio', { name: 'Mensual' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Dueños de Negocios' })).toBeChecked();
  await expect(page.getByText('Sin compromiso: cambia de plan o cancela cuando quieras.', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Todos los planes incluyen' })).not.toContainText('prueba gratis');
  await expect(card(page, 'Profesional').getByText('Tu plan actual')).toBeVisible();
  await card(page, 'Premium').getByRole('button', { name: 'Cambiar a este plan' }).click();

  const dialog = page.getByRole('dialog', { name: '¿Cambiar a Premium (mensual)?' });
  await expect(dialog.getByText('Profesional (mensual)')).toBeVisible();
  await expect(dialog.getByText('Ahora mismo')).toBeVisible();
  // In the trial nothing is charged now, and the dialog says why, never «Solo pagas la
  // diferencia» beside 0,00 €; the renewal is at Premium's price. What changes is listed.
  await expect(dialog.getByTestId('change-amount')).toHaveText('Hoy no se te cobra nada');
  await expect(dialog.getByTestId('change-note')).toHaveText(/^Estás en el período de prueba: hoy no se te cobra nada\. El primer cobro, al nuevo precio, será el \d+ de \w+ de \d{4}, y con él llegarán los créditos del nuevo plan\.$/);
  await expect(dialog.getByText(/Solo pagas la diferencia/)).toHaveCount(0);
  await expect(dialog.getByText(/^99,00\s€ el /)).toBeVisible();
  const lines = dialog.getByTestId('plan-change-lines');
  await expect(lines.getByRole('row', { name: /Cuadrícula máxima/ })).toHaveText(/Cuadrícula máxima9×9→13×13/);
  await expect(lines.getByRole('row', { name: /Soporte en directo/ })).toHaveText(/Soporte en directo \(chat y videollamada\)No→Sí/);
  await expectNoAxeFindings(page, 'the upgrade confirmation');
  await dialog.getByRole('button', { name: 'Confirmar el cambio' }).click();
  await expect(dialog.getByText('Plan cambiado. Los nuevos límites ya se aplican.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Entendido' }).click();
  await expect(card(page, 'Premium').getByText('Tu plan actual')).toBeVisible();

  // The new limits at once: the profile shows Premium's largest grid, and the new-business
  // wizard now allows a 13×13 grid (15×15 stays with the agency plans).
  await page.goto('/profile');
  await expect(page.getByText('13×13').first()).toBeVisible();
  await page.goto('/new-place');
  await page.getByRole('combobox', { name: 'Nombre del negocio' }).fill('dental Madrid');
  await page.getByRole('option').first().click();
  await page.getByRole('button', { name: 'Continuar' }).click();
  const sizes = page.getByLabel('Tamaño de la cuadrícula');
  await expect(sizes.locator('option[value="13"]')).not.toContainText('Disponible');
  await expect(sizes.locator('option[value="15"]')).toContainText('Disponible en planes para agencias');
  await sizes.selectOption('13');
  await expect(page.getByText('169 puntos en total')).toBeVisible();
  await page.goto('/subscription');

  // Monthly to annual on the same plan (the page opens on the subscriber's monthly period).
  await page.getByRole('radio', { name: 'Anual' }).click();
  await card(page, 'Premium').getByRole('button', { name: 'Cambiar a este plan' }).click();
  const annual = page.getByRole('dialog', { name: '¿Cambiar a Premium (anual)?' });
  await expect(annual.getByText(/^948,00\s€ el /)).toBeVisible();
  await annual.getByRole('button', { name: 'Confirmar el cambio' }).click();
  await expect(annual.getByText('Plan cambiado. Los nuevos límites ya se aplican.')).toBeVisible();
  await annual.getByRole('button', { name: 'Entendido' }).click();
  await expect(card(page, 'Premium').getByText('Tu plan actual')).toBeVisible();

  // A lower plan waits for the period's end (the trial's, here): the dialog gives the date,
  // that nothing is charged today and the new price; the plans page then marks it.
  const longDate = (ms: number) => new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(ms));
  const shortDate = (ms: number) => new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(ms)).replace('.', '');
  // The trial ends 14 days after the checkout, a few seconds ago (either side of midnight).
  const trialEnds = [Date.now() + 14 * 86_400_000 - 120_000, Date.now() + 14 * 86_400_000];
  const oneOf = (dates: string[]) => new RegExp(`(${[...new Set(dates)].join('|')})`);
  await card(page, 'Profesional').getByRole('button', { name: 'Cambiar a este plan' }).click();
  const down = page.getByRole('dialog', { name: '¿Cambiar a Profesional (anual)?' });
  await expect(down.getByTestId('change-date')).toHaveText(oneOf(trialEnds.map((ms) => `A partir del ${longDate(ms)}`)));
  await expect(down.getByTestId('change-amount')).toHaveText('Hoy no se te cobra nada');
  await expect(down.getByText(/^588,00\s€ al año$/)).toBeVisible();
  // The summary is a proper description list, the note beside it: axe finds nothing in the dialog.
  await expectNoAxeFindings(page, 'the move-down confirmation');
  await down.getByRole('button', { name: 'Programar el cambio' }).click();
  await expect(down.getByText(/^Cambio programado\. Pasarás a Profesional \(anual\) el /)).toBeVisible();
  await down.getByRole('button', { name: 'Entendido' }).click();
  await expect(card(page, 'Premium').getByText('Tu plan actual')).toBeVisible();
  await expect(card(page, 'Profesional').getByTestId('plan-scheduled')).toHaveText(oneOf(trialEnds.map((ms) => `Cambio programado para el ${shortDate(ms)}`)));

  // The profile shows it, and cancelling it (confirmed first) leaves the plan as it was.
  await page.goto('/profile');
  const scheduled = page.getByTestId('scheduled-change');
  await expect(scheduled).toContainText(oneOf(trialEnds.map((ms) => `Cambiará a Profesional el ${shortDate(ms)}`)));
  await scheduled.getByRole('button', { name: 'Cancelar el cambio' }).click();
  const confirm = page.getByRole('alertdialog', { name: '¿Cancelar el cambio de plan?' });
  await expect(confirm).toContainText('Seguirás en el plan Premium');
  await confirm.getByRole('button', { name: 'Sí, cancelar el cambio' }).click();
  await expect(page.getByText('Cambio cancelado. Sigues con tu plan actual.')).toBeVisible();
  await expect(scheduled).toHaveCount(0);
  await expect(page.getByTestId('subscription-plan')).toHaveText('Plan Premium');
  await page.goto('/subscription');
  await expect(card(page, 'Profesional').getByRole('button', { name: 'Cambiar a este plan' })).toBeVisible();
});

test('when a downgrade exceeds the new plan, then the dialog lists what to remove and offers no confirmation', async ({ page, api, subscribe }) => {
  test.setTimeout(120_000);
  await subscribe('Profesional', { period: 'monthly', name: 'Bea Bajada' });
  // Two businesses, through the API as the signed-in user (Básico allows one).
  await addPlacesThroughApi(api, ['demo-malaga-dentista-1', 'demo-malaga-dentista-2'], {
    gridSize: 7,
    radius: 1500,
    coordinates: { lat: 36.7213, lng: -4.4214 },
  });
  await page.goto('/subscription');
  await page.getByRole('radio', { name: 'Mensual' }).click();
  await card(page, 'Básico').getByRole('button', { name: 'Cambiar a este plan' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Cambiar a Básico (mensual)?' });
  await expect(dialog.getByTestId('change-must-remove')).toContainText('Antes de pasar a Básico tienes que eliminar:');
  await expect(dialog.getByTestId('change-must-remove')).toContainText('1 negocio (tienes 2 y el plan permite 1)');
  await expect(dialog.getByRole('button', { name: 'Programar el cambio' })).toHaveCount(0);
});
