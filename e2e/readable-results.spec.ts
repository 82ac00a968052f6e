import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { addKeyword, addMadridClinic } from './support';

// docs/decisions.md §22.3: a 25×25 analysis must be readable. An Enterprise user (the plan with
// 25×25 grids) sets the grid, runs the demo scan (625 points) and reads the numbers on the map at
// 1280 px and at 375 px; the screenshots go to the test's output folder.

/** Zooms the map in until the markers carry numbers, then answers the labels and their font sizes among the markers in view. */
async function readableLabels(page: Page): Promise<{ label: string; px: number }[]> {
  const map = page.getByTestId('results-map');
  for (let i = 0; i < 8 && (await map.getAttribute('data-compact')) === 'true'; i++) {
    await expect(page.getByTestId('results-map-zoom-hint')).toBeVisible();
    await map.locator('.leaflet-control-zoom-in').click();
    await page.waitForTimeout(400);
  }
  await expect(map).toHaveAttribute('data-compact', 'false');
  await expect(page.getByTestId('results-map-zoom-hint')).toHaveCount(0);
  return map.evaluate((container) => {
    const box = container.getBoundingClientRect();
    return Array.from(container.querySelectorAll<HTMLElement>('.rm-result-marker > span'))
      .filter((label) => {
        const r = label.getBoundingClientRect();
        return r.left >= box.left && r.right <= box.right && r.top >= box.top && r.bottom <= box.bottom && label.textContent !== '';
      })
      .map((label) => ({ label: label.textContent ?? '', px: Number.parseFloat(getComputedStyle(label).fontSize) }));
  });
}

/** Numbers at 11 px or more; «+20» may be a pixel smaller so it stays inside its marker (e2e/fixtures/heat-map-markers.ts). */
const minimumPx = (label: string) => (label === '+20' ? 10 : 11);

test('when an Enterprise user opens a 25×25 analysis, then the map comes first and its numbers are readable at 1280 px and at 375 px', async ({
  page,
  subscribe,
}, testInfo) => {
  test.setTimeout(420_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await subscribe('Enterprise');
  const placeId = await addMadridClinic(page);

  // The grid at 25×25 (Enterprise's limit): 625 points, all inland.
  await page.getByRole('button', { name: 'Opciones del negocio' }).click();
  await page.getByRole('menuitem', { name: 'Editar Matriz' }).click();
  await expect(page.getByText(/\d+ en el mar/).first()).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Tamaño de la cuadrícula').selectOption('25');
  await expect(page.getByText('625 puntos en total')).toBeVisible();
  await page.getByRole('button', { name: 'Guardar Cambios' }).click();
  await expect(page).toHaveURL(new RegExp(`/rankmap/${placeId}$`));

  await addKeyword(page, 'dentista');
  await page.getByRole('link', { name: /^dentista/ }).click();
  await page.getByRole('button', { name: 'Nuevo Análisis' }).first().click();
  await page.getByRole('dialog', { name: 'Nuevo Análisis' }).getByRole('button', { name: 'Iniciar análisis' }).click();
  const map = page.getByTestId('results-map');
  await expect(map).toBeVisible({ timeout: 300_000 });
  await expect(page.locator('.rm-result-marker')).toHaveCount(625);

  // The map first, beside the summary, within the first screen.
  const summary = page.getByRole('region', { name: 'Resumen' });
  const mapBox = (await map.boundingBox())!;
  const summaryBox = (await summary.boundingBox())!;
  expect(mapBox.y).toBeLessThan(800 - 200);
  expect(summaryBox.x).toBeGreaterThan(mapBox.x + mapBox.width - 1);
  // The business's own point, with its legend entry.
  await expect(map.locator('.rm-business-marker')).toHaveCount(1);
  await expect(page.getByText('Ubicación de tu negocio')).toBeVisible();

  // Full screen: a dialog filling the window; numbers of 11 px or more («+20» 10 px) once zoomed enough to fit them.
  await page.getByTestId('results-map-fullscreen').click();
  const dialog = page.getByRole('dialog', { name: 'Mapa de resultados a pantalla completa' });
  await expect(dialog).toBeVisible();
  const full = (await map.boundingBox())!;
  expect(full.width).toBeGreaterThan(1200);
  expect(full.height).toBeGreaterThan(650);
  const wide = await readableLabels(page);
  expect(wide.length).toBeGreaterThan(20);
  for (const { label, px } of wide) expect(px, label).toBeGreaterThanOrEqual(minimumPx(label));
  await page.screenshot({ path: testInfo.outputPath('readable-1280-fullscreen.png') });
  // Escape leaves full screen; the focus stays on the button that opened it.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('results-map-fullscreen')).toBeFocused();
  await expect(page.getByTestId('results-map-fullscreen')).toHaveText('Pantalla completa');

  // The competitors table fits at 1280 px without scrolling sideways; the folded columns come back on demand.
  const scroller = page.getByTestId('competitors-table').getByRole('region', { name: /^Negocios que aparecen/ });
  await scroller.scrollIntoViewIfNeeded();
  expect(await scroller.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
  await expect(page.getByTestId('competitors-table').getByRole('columnheader', { name: 'Visibilidad' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Mostrar 2 columnas más' }).click();
  await expect(page.getByTestId('competitors-table').getByRole('columnheader', { name: 'Visibilidad' })).toBeVisible();
  // At most 80 rows (docs/product.md §9): 20 at first, and «Ver más» adds 20 at a time.
  const competitorRows = scroller.locator('tbody tr');
  await expect(competitorRows).toHaveCount(20);
  const more = page.getByTestId('competitors-more');
  await expect(more).toHaveText(/^Ver más \(\d+ negocios? más\)$/);
  for (let clicks = 0; clicks < 3 && (await more.isVisible()); clicks++) await more.click();
  await expect(more).toHaveCount(0);
  expect(await competitorRows.count()).toBeGreaterThan(20);
  expect(await competitorRows.count()).toBeLessThanOrEqual(80);

  // On a phone: the map before the summary, and numbers of 11 px or more («+20» 10 px) after zooming in.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await expect(page.locator('.rm-result-marker')).toHaveCount(625, { timeout: 30_000 });
  const phoneMap = (await map.boundingBox())!;
  expect(phoneMap.y).toBeLessThan((await summary.boundingBox())!.y);
  await map.scrollIntoViewIfNeeded();
  const narrow = await readableLabels(page);
  expect(narrow.length).toBeGreaterThan(4);
  for (const { label, px } of narrow) expect(px, label).toBeGreaterThanOrEqual(minimumPx(label));
  await map.screenshot({ path: testInfo.outputPath('readable-375.png') });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
