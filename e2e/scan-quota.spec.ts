import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { addMadridClinic } from './support';

// The month's manual scans are in sight before the click (docs/decisions.md §22.2): Básico
// includes 2 a month; the modal counts them down, and once they are used it says so and
// the start button is disabled, and the dashboard's limits panel reads the same figure.

async function runScan(page: Page) {
  await page.getByRole('button', { name: 'Nuevo Análisis' }).first().click();
  const modal = page.getByRole('dialog', { name: 'Nuevo Análisis' });
  await modal.getByRole('button', { name: 'Iniciar análisis' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByTestId('results-map')).toBeVisible({ timeout: 60_000 });
}

test('when a Básico subscriber uses the month\'s two manual scans, then the modal says so before the click and the limits panel agrees, and the keyword limit names its plan', async ({ page, subscribe }) => {
  test.setTimeout(180_000);
  await subscribe('Básico');
  const placeId = await addMadridClinic(page);
  await page.getByLabel('Nueva keyword').fill('clínica dental');
  await page.getByRole('button', { name: 'Añadir keyword' }).click();
  await page.getByRole('link', { name: /^clínica dental/ }).click();
  await expect(page).toHaveURL(/\/keyword\/[0-9a-f-]{36}$/);

  await page.getByRole('button', { name: 'Nuevo Análisis' }).first().click();
  const modal = page.getByRole('dialog', { name: 'Nuevo Análisis' });
  await expect(modal.getByText('Quedan 2 de 2 análisis manuales este mes.')).toBeVisible();
  await modal.getByRole('button', { name: 'Cancelar' }).click();
  await runScan(page);

  await page.getByRole('button', { name: 'Nuevo Análisis' }).first().click();
  await expect(modal.getByText('Quedan 1 de 2 análisis manuales este mes.')).toBeVisible();
  await modal.getByRole('button', { name: 'Cancelar' }).click();
  // The second scan may only start once the first has finished, which runScan waited for.
  await runScan(page);

  // Used up: the modal says so, when they come back and which plan gives more; no click needed.
  await page.getByRole('button', { name: 'Nuevo Análisis' }).first().click();
  await expect(modal.getByText('Ya has usado los 2 análisis manuales de este mes.')).toBeVisible();
  await expect(modal.getByText(/^Vuelven a estar disponibles el /)).toBeVisible();
  const start = modal.getByRole('button', { name: 'Iniciar análisis' });
  await expect(start).toBeDisabled();
  await expect(start).toHaveAccessibleDescription(/Ya has usado los 2 análisis manuales de este mes\./);
  await modal.getByRole('button', { name: 'Cancelar' }).click();

  await page.goto('/');
  await expect(page.getByText('Quedan 0 de 2 este mes')).toBeVisible();

  // Keywords: Básico allows 3 per business; at the third the page names the plan with more.
  await page.goto(`/rankmap/${placeId}`);
  await expect(page.getByTestId('keywords-upgrade')).toHaveCount(0);
  for (const name of ['dentista', 'ortodoncia']) {
    await page.getByLabel('Nueva keyword').fill(name);
    await page.getByRole('button', { name: 'Añadir keyword' }).click();
    await expect(page.getByText(`Keyword «${name}» añadida.`)).toBeVisible();
  }
  await expect(page.getByTestId('keywords-count')).toHaveText('Keywords: 3/3');
  await expect(page.getByTestId('keywords-upgrade')).toHaveText(
    'Has llegado al máximo de keywords de este negocio. Para añadir más necesitas el plan Profesional. Ver planes',
  );
});
