import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures/test';
import { addKeyword, addMadridClinic } from './support';

// A scan from start to finish in a real browser: the pg-boss worker runs the demo provider
// (250 ms per search, 2 at a time, set in playwright.config.ts) over a 7×7 grid in Madrid.

/** Tomorrow as the date field shows it, «dd/mm/aaaa». */
function tomorrow(): string {
  const d = new Date(Date.now() + 24 * 3600 * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
}

test('when a pro user adds a keyword and runs a scan, then progress, results, the point panel and scheduling all follow', async ({ page, subscribe }) => {
  test.setTimeout(180_000);
  await subscribe('Starter');

  // A Madrid clinic: inland, so all 49 points are searched.
  await addMadridClinic(page);

  // Add a keyword; its card opens the analysis page.
  await addKeyword(page, '  dentista  ');
  await expect(page.getByText('Keyword «dentista» añadida.')).toBeVisible();
  await page.getByRole('link', { name: /^dentista/ }).click();
  await expect(page).toHaveURL(/\/keyword\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Todavía no hay análisis' })).toBeVisible();

  // The modal shows the cost before confirming: one credit per valid point.
  await page.getByRole('button', { name: 'Nuevo Análisis' }).first().click();
  const modal = page.getByRole('dialog', { name: 'Nuevo Análisis' });
  await expect(modal.getByText('Coste: 49 créditos')).toBeVisible();
  await modal.getByRole('button', { name: 'Iniciar análisis' }).click();
  await expect(page.getByText('Análisis iniciado con worker (mejor rendimiento)')).toBeVisible();

  // The progress bar moves while the worker searches, then the results replace it.
  // The timeline entry has a small bar too; the large one is the selected analysis's.
  const bar = page.getByRole('progressbar', { name: 'Progreso del análisis' }).last();
  await expect(bar).toBeVisible();
  const seen = new Set<number>();
  await expect
    .poll(
      async () => {
        // The bar can go between isVisible and the read (the scan finished): a bounded read, then move on.
        const value = (await bar.isVisible()) ? await bar.getAttribute('aria-valuenow', { timeout: 1_000 }).catch(() => null) : null;
        if (value !== null) seen.add(Number(value));
        return page.getByTestId('results-map').isVisible();
      },
      { timeout: 60_000, intervals: [200] },
    )
    .toBe(true);
  expect([...seen].some((v) => v > 0 && v < 100)).toBe(true);

  // Summary, map and competitors.
  await expect(page.getByText('GeoRank').first()).toBeVisible();
  await expect(page.getByText('Datos de demostración').first()).toBeVisible();
  await expect(page.getByTestId('approximation-label')).toHaveCount(0);
  await expect(page.locator('.rm-result-marker')).toHaveCount(49);
  const summary = page.getByRole('region', { name: 'Resumen' });
  await expect(summary.locator('[data-metric="geoRank"]')).toContainText('más alto es mejor');
  // Posición media total: a number from 1 to 21 (not found counts as 21), written the Spanish way.
  const total = summary.locator('[data-metric="avgTotalPosition"]');
  await expect(total).toContainText('Posición media total');
  const totalValue = Number((await total.locator('dd').first().innerText()).replace(',', '.'));
  expect(totalValue).toBeGreaterThanOrEqual(1);
  expect(totalValue).toBeLessThanOrEqual(21);
  // The distribution counts the points in the map's own bands: each band's count is its markers' count.
  const buckets = summary.locator('[data-bucket]');
  await expect(buckets).toHaveCount(6);
  let counted = 0;
  for (const band of ['top3', 'top5', 'top10', 'top15', 'top20', 'notFound']) {
    const count = Number(await summary.locator(`[data-bucket="${band}"]`).getAttribute('data-count'));
    await expect(page.locator(`.rm-result-marker[data-tone="${band}"]`)).toHaveCount(count);
    counted += count;
  }
  expect(counted).toBe(49);
  await expect(page.getByTestId('competitors-table')).toBeVisible();
  await expect(page.getByTestId('competitors-table').getByRole('columnheader', { name: 'Posición media total' })).toBeVisible();
  await page.getByRole('radio', { name: 'Competidores' }).click();
  await expect(page.getByRole('radio', { name: 'Competidores' })).toBeChecked();
  await page.getByRole('radio', { name: 'Ranking Map' }).click();

  // A point opens the side panel with its results.
  await page.locator('.rm-result-marker[data-row="4"][data-col="4"]').click();
  const panel = page.getByTestId('point-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('listitem').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  // Follow a competitor from the table.
  const pin = page.getByTestId('competitors-table').getByRole('button', { name: /^Seguir a / }).first();
  const followedName = (await pin.getAttribute('aria-label'))!.replace('Seguir a ', '');
  await pin.click();
  await expect(page.getByText(`Ahora sigues a ${followedName}.`)).toBeVisible();
  await expect(page.getByTestId('competitors-table').getByRole('button', { name: `Dejar de seguir a ${followedName}` })).toHaveAttribute('aria-pressed', 'true');

  // The points CSV: a header and one line per searched point.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar CSV de puntos' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^rankmap-dentista-\d{4}-\d{2}-\d{2}-puntos\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv.startsWith('\uFEFFKeyword;Negocio;Fecha;Cuadrícula;Fila;Columna;Latitud;Longitud;Estado;Posición;Posición (no encontrado = 21);')).toBe(true);
  // Every row names its analysis (docs/decisions.md §22.5).
  expect(csv.split('\r\n')[1]).toMatch(/^dentista;/);
  expect(csv.split('\r\n').filter((line) => line.length > 0)).toHaveLength(50);

  // A second scan: the trend draws both analyses, with the followed competitor beside us.
  await page.getByRole('button', { name: 'Nuevo Análisis' }).first().click();
  await modal.getByRole('button', { name: 'Iniciar análisis' }).click();
  await expect(page.getByText('Análisis iniciado con worker (mejor rendimiento)').first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'GeoRank', exact: true })).toBeAttached({ timeout: 60_000 });
  await expect(page.getByRole('table', { name: 'GeoRank', exact: true }).getByRole('row')).toHaveCount(3);
  await expect(page.getByRole('table', { name: 'GeoRank', exact: true }).getByRole('columnheader', { name: followedName })).toBeAttached();

  // Schedule one for tomorrow: it reads Programado, then it is deleted after a confirmation.
  await page.getByRole('button', { name: 'Nuevo Análisis' }).first().click();
  await modal.getByRole('radio', { name: 'Programar' }).check();
  const when = modal.getByRole('group', { name: /Fecha y hora/ });
  // The calendar starts on Monday whatever the browser's locale (docs/decisions.md §29.11); Escape closes it, not the modal.
  await when.getByRole('button', { name: 'Abrir el calendario' }).click();
  const calendar = modal.getByRole('dialog', { name: 'Elegir fecha' });
  await expect(calendar.getByRole('columnheader')).toHaveText(['lu', 'ma', 'mi', 'ju', 'vi', 'sá', 'do']);
  await page.keyboard.press('Escape');
  await expect(calendar).toHaveCount(0);
  await expect(modal).toBeVisible();
  await when.getByLabel('Día').fill(tomorrow());
  await when.getByLabel('Hora').fill('10:00');
  await modal.getByRole('button', { name: 'Programar análisis' }).click();
  await expect(page.getByText(/Análisis programado para /)).toBeVisible();
  await expect(page.getByText('Programado', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: /Eliminar el análisis programado del / }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Sí' }).click();
  await expect(page.getByText('Análisis programado eliminado correctamente')).toBeVisible();
  await expect(page.getByText('Programado', { exact: true })).toHaveCount(0);
});
