import { expectNoAxeFindingsOnceSettled } from './a11y-support';
import { expect, test } from './fixtures/test';
import { addKeyword, addMadridClinic } from './support';

// Issue 31 part A in a real browser (docs/decisions.md §32): a demo business scanned once by
// the pg-boss worker, two competitors followed from the results table, «Reseñas» drawing the
// business's review count against theirs, and a simulated Google edit of its primary category
// (the developer tools' «listing-edit», what the demo shows one week in six) arriving in
// «Cambios en la ficha» and in the bell.

test('when a scanned business follows competitors and Google edits its category, then «Reseñas» charts its reviews against theirs and the change shows in «Cambios en la ficha» and in the bell', async ({
  page,
  subscribe,
  dev,
}) => {
  test.setTimeout(240_000);
  await subscribe('Starter');
  const placeId = await addMadridClinic(page);
  await addKeyword(page, 'dentista');
  await page.getByRole('link', { name: /^dentista/ }).click();
  await expect(page).toHaveURL(/\/keyword\/[0-9a-f-]{36}$/);

  // Before any scan: the page says there is nothing yet, and the simulated edit is refused.
  await page.goto(`/reviews?place=${placeId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Reseñas' })).toBeVisible();
  await expect(page.getByTestId('review-pace')).toContainText('Aún no hay análisis completados de este negocio.');
  await expect(page.getByTestId('listing-changes')).toContainText('Aún no hemos visto cambios en la ficha de este negocio.');
  await expect(page.getByTestId('gbp-reviews-note')).toContainText('Conecta tu Perfil de Empresa de Google para ver y responder tus reseñas.');
  await expect(page.getByText('Próximamente')).toHaveCount(0);
  expect(await dev.simulateListingEdit(placeId)).toBe(409);

  // One scan, then two competitors followed from its table.
  await page.goBack();
  await expect(page).toHaveURL(/\/keyword\/[0-9a-f-]{36}$/);
  const modal = page.getByRole('dialog', { name: 'Nuevo Análisis' });
  await page.getByRole('button', { name: 'Nuevo Análisis' }).first().click();
  await modal.getByRole('button', { name: 'Iniciar análisis' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByTestId('competitors-table')).toBeVisible({ timeout: 90_000 });
  const followed: string[] = [];
  for (let i = 0; i < 2; i++) {
    const pin = page.getByTestId('competitors-table').getByRole('button', { name: /^Seguir a / }).first();
    const name = (await pin.getAttribute('aria-label'))!.replace('Seguir a ', '');
    await pin.click();
    await expect(page.getByTestId('competitors-table').getByRole('button', { name: `Dejar de seguir a ${name}` })).toHaveAttribute('aria-pressed', 'true');
    followed.push(name);
  }

  // «Reseñas»: the chart and the table, our business first, each followed competitor after.
  await page.goto(`/reviews?place=${placeId}`);
  const pace = page.getByTestId('review-pace');
  await expect(pace.getByTestId('review-pace-chart')).toBeVisible();
  await expect(pace.getByText('Datos de demostración')).toBeVisible();
  const rows = pace.getByTestId('review-pace-table').getByRole('row');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(1)).toContainText('(tú)');
  for (const [i, name] of followed.entries()) await expect(rows.nth(i + 2)).toContainText(name);
  // One day of scans: counts, not yet a pace.
  await expect(rows.nth(1)).toContainText('Sin datos suficientes');
  await expect(rows.filter({ hasText: 'Es el líder' })).toHaveCount(1);
  // The chart's table twin, for screen readers, names the same three businesses.
  const twin = pace.getByTestId('review-pace-chart').locator('table');
  await expect(twin.getByRole('columnheader')).toHaveCount(4);

  // Google edits the primary category (simulated): «Cambios en la ficha» and the bell say so.
  // The listing's baseline is recorded by the job that follows the scan's completion: retried until it has run.
  await expect.poll(() => dev.simulateListingEdit(placeId), { message: 'the simulated edit', timeout: 60_000, intervals: [1000] }).toBe(201);
  await page.reload();
  const change = page.getByTestId('listing-change').first();
  await expect(change).toContainText('Categoría principal');
  await expect(change).toContainText('Visto en los resultados de búsqueda');
  await expect(change).toContainText('Clínica dental');
  await expect(change).toContainText('Dentista');
  await expect(change).toContainText('Datos de demostración');
  const bell = page.getByTestId('notification-bell-sidebar').getByRole('button', { name: /^Notificaciones/ });
  await bell.click();
  const panel = page.getByRole('region', { name: 'Notificaciones' });
  const alert = panel.getByRole('link', { name: /Cambio en la ficha de .+: categoría principal/ });
  await expect(alert).toHaveCount(1);
  await expect(alert).toContainText('ha pasado de «Clínica dental» a «Dentista»');
  await page.keyboard.press('Escape');

  // Keyboard: the business picker and the page's sections are reachable; axe finds nothing.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(pace.getByTestId('review-pace-table')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForLoadState('networkidle');
  await expectNoAxeFindingsOnceSettled(page, 'Reseñas');
});
