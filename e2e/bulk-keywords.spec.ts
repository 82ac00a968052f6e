import { expectNoAxeFindingsOnceSettled } from './a11y-support';
import { addPlacesThroughApi } from './fixtures/places';
import { expect, test } from './fixtures/test';
import { addMadridClinic } from './support';

// Bulk keywords and «Analizar todas» (docs/workspace.md, docs/decisions.md §25.2): a Starter
// subscriber with three businesses imports 20 keywords from a CSV (the preview shows the line
// that is already there), then analyses every keyword of one business, with the cost first.

test('when an agency imports 20 keywords by CSV across three businesses, then the preview shows the repeated line, and «Analizar todas» shows its cost before starting', async ({ page, api, subscribe }) => {
  test.setTimeout(240_000);
  await subscribe('Starter');
  const clinicId = await addMadridClinic(page);
  // Two more businesses, created as the wizard does (through the API, to keep the journey short).
  const more = await addPlacesThroughApi(api, ['demo-madrid-peluqueria-1', 'demo-madrid-abogado-1']);
  await page.goto(`/rankmap/${clinicId}`);
  const clinicName = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
  await page.getByLabel('Nueva keyword').fill('clínica dental');
  await page.getByRole('button', { name: 'Añadir keyword' }).click();
  await expect(page.getByText('Keyword «clínica dental» añadida.')).toBeVisible();

  // 20 new keywords over the three businesses (by name, one by id), and «clínica dental» again.
  const rows = [
    ...['dentista urgencias', 'implantes dentales', 'ortodoncia invisible', 'blanqueamiento dental', 'dentista infantil', 'clínica dental', 'endodoncia'].map((k) => `${clinicName};${k}`),
    ...['peluquería', 'peluquería Núñez', 'corte de pelo', 'tinte', 'mechas', 'peinados de novia', 'barbería'].map((k) => `${more[0]!.name};${k}`),
    ...['abogado', 'abogado laboral', 'abogado penal', 'abogado de familia', 'divorcio', 'herencias', 'abogado gratis'].map((k) => `${more[1]!._id};${k}`),
  ];
  expect(rows).toHaveLength(21);
  const csv = `\uFEFFnegocio;keyword\r\n${rows.join('\r\n')}\r\n`;

  await page.goto('/rankmap');
  await page.getByRole('button', { name: 'Añadir keywords a varios negocios' }).click();
  const dialog = page.getByRole('dialog', { name: 'Añadir varias keywords' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: 'Subir un CSV' }).check();
  await dialog.getByLabel('Archivo CSV').setInputFiles({ name: 'keywords.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await expect(dialog.getByTestId('bulk-import-totals')).toHaveText('20 nuevas · 1 repetida · 0 con errores');
  const repeated = dialog.locator('tr[data-status="duplicate"]');
  await expect(repeated).toHaveCount(1);
  await expect(repeated).toContainText('7');
  await expect(repeated).toContainText('clínica dental');
  await expect(repeated).toContainText('Repetida');
  await expect(repeated).toContainText('ya tiene esta keyword');
  await expectNoAxeFindingsOnceSettled(page, 'the bulk import dialog with its preview');
  await dialog.getByRole('button', { name: 'Importar 20 keywords' }).click();
  await expect(page.getByText('Se han añadido 20 keywords.')).toBeVisible();
  await expect(dialog).toBeHidden();

  // «Analizar todas» on the clinic: 7 keywords × 49 points, shown before anything starts.
  await page.goto(`/rankmap/${clinicId}`);
  await expect(page.getByTestId('keywords-count')).toContainText('Keywords: 7');
  await page.getByRole('button', { name: 'Analizar todas' }).click();
  const confirm = page.getByRole('dialog', { name: 'Analizar todas las keywords' });
  await expect(confirm.getByTestId('analyze-all-cost')).toContainText('Coste: 343 créditos');
  await expect(confirm.getByTestId('analyze-all-cost')).toContainText(/Tienes [\d.]+ créditos\./);
  await expectNoAxeFindingsOnceSettled(page, 'the «Analizar todas» confirmation');
  await confirm.getByRole('button', { name: 'Analizar 7 keywords' }).click();
  await expect(page.getByText('Se han lanzado 7 análisis. Verás su progreso en cada keyword.')).toBeVisible();
  // Each keyword card shows its analysis' progress, until it completes.
  await expect(page.getByTestId('keyword-progress')).toHaveCount(7, { timeout: 15_000 });
  await expect(page.locator('[data-testid="keyword-progress"][data-state="completed"]').first()).toBeVisible({ timeout: 120_000 });
  // Without a reload, a finished card shows its figures: never «Análisis completado» over «Sin análisis todavía».
  const done = page.locator('article').filter({ has: page.locator('[data-testid="keyword-progress"][data-state="completed"]') }).first();
  await expect(done.getByTestId('keyword-figures')).not.toContainText('Sin análisis todavía', { timeout: 15_000 });
  await expect(done.getByTestId('keyword-figures')).toContainText('GeoRank');
});

test('when the bulk import is used from the keyboard on a phone, then the dialog opens, shows a pasted row in error, keeps «Importar» disabled and closes with Escape', async ({ page, subscribe }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await subscribe('Starter');
  const clinicId = await addMadridClinic(page);
  await page.goto(`/rankmap/${clinicId}`);
  const open = page.getByRole('button', { name: 'Añadir varias keywords' });
  await open.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Añadir varias keywords' });
  await expect(dialog).toBeVisible();
  // The business page's own business is ticked already.
  await expect(dialog.getByRole('checkbox')).toBeChecked();
  await dialog.getByLabel('Keywords, una por línea').fill(`dentista\n${'x'.repeat(101)}\n`);
  await dialog.getByRole('button', { name: 'Revisar' }).press('Enter');
  await expect(dialog.getByTestId('bulk-import-totals')).toHaveText('1 nueva · 0 repetidas · 1 con error');
  await expect(dialog.locator('tr[data-status="too_long"]')).toContainText('La keyword tiene 101 caracteres; el máximo es 100.');
  await expect(dialog.getByTestId('bulk-import-submit')).toBeDisabled();
  await expectNoAxeFindingsOnceSettled(page, 'the bulk import dialog on a phone');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
});
