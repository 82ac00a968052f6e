import type { Page } from '@playwright/test';
import { expectNoAxeFindingsOnceSettled } from './a11y-support';
import { addPlacesThroughApi } from './fixtures/places';
import { expect, test } from './fixtures/test';
import { addMadridClinic, createdPlaceName } from './support';

// Campaigns and the 30-day credit forecast (issue 18's combined journey, docs/workspace.md
// «Campañas»): an agency with three businesses under two clients imports 20 keywords by CSV,
// builds a daily campaign with a window while the preview shows the forecast change, saves it,
// pauses and resumes it, reads the forecast on the dashboard, runs «Analizar todas», and finds
// the results in «Cartera» filtered by client; on a desktop and on a 375 px phone.

/** Nothing scrolls sideways at the phone's width (polled: the layout settles after the resize). */
async function expectNoSidewaysScroll(page: Page) {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { timeout: 10_000 }).toBeLessThanOrEqual(375);
}

/** A whole number in a text such as «1.029» (es-ES grouping). */
const numberIn = (text: string | null) => Number((text ?? '').replace(/\./g, '').match(/\d+/)?.[0] ?? NaN);

test('when an agency builds a daily campaign with a window, then the preview shows the forecast change before saving, and the campaign, the forecast and the portfolio follow', async ({
  page,
  api,
  subscribe,
}) => {
  test.setTimeout(360_000);
  await subscribe('Starter');

  // Three businesses: the clinic through the wizard, two more as the wizard makes them.
  const clinicId = await addMadridClinic(page);
  const clinicName = await createdPlaceName(page);
  const more = await addPlacesThroughApi(api, ['demo-madrid-peluqueria-1', 'demo-madrid-abogado-1']);

  // Two clients: the clinic under one, the other two businesses under the other.
  await page.goto('/clientes');
  for (const name of ['Clínica Norte', 'Grupo Sur']) {
    await page.getByLabel('Nombre del cliente').fill(name);
    await page.getByRole('button', { name: 'Crear cliente' }).click();
    await expect(page.getByTestId('client-row').filter({ hasText: name })).toBeVisible();
  }
  for (const [placeName, client] of [
    [clinicName, 'Clínica Norte'],
    [more[0]!.name, 'Grupo Sur'],
    [more[1]!.name, 'Grupo Sur'],
  ] as const) {
    await page.getByLabel(placeName, { exact: true }).selectOption({ label: client });
    await expect(page.getByText(`Negocio asignado a «${client}».`).last()).toBeVisible();
  }

  // 20 keywords by CSV over the three businesses.
  const rows = [
    ...[
      'dentista',
      'dentista urgencias',
      'implantes dentales',
      'ortodoncia invisible',
      'blanqueamiento dental',
      'dentista infantil',
      'endodoncia',
    ].map((k) => `${clinicName};${k}`),
    ...['peluquería', 'corte de pelo', 'tinte', 'mechas', 'peinados de novia', 'barbería', 'alisado'].map((k) => `${more[0]!.name};${k}`),
    ...['abogado', 'abogado laboral', 'abogado penal', 'abogado de familia', 'divorcio', 'herencias'].map((k) => `${more[1]!._id};${k}`),
  ];
  expect(rows).toHaveLength(20);
  await page.goto('/rankmap');
  await page.getByRole('button', { name: 'Añadir keywords a varios negocios' }).click();
  const importDialog = page.getByRole('dialog', { name: 'Añadir varias keywords' });
  await importDialog.getByRole('radio', { name: 'Subir un CSV' }).check();
  await importDialog
    .getByLabel('Archivo CSV')
    .setInputFiles({
      name: 'keywords.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`\uFEFFnegocio;keyword\r\n${rows.join('\r\n')}\r\n`, 'utf8'),
    });
  await expect(importDialog.getByTestId('bulk-import-totals')).toHaveText('20 nuevas · 0 repetidas · 0 con errores');
  await importDialog.getByRole('button', { name: 'Importar 20 keywords' }).click();
  await expect(page.getByText('Se han añadido 20 keywords.')).toBeVisible();

  // «Campañas» from the sidebar: no campaign yet, the forecast of the weekly scans, each business's weekly scan.
  await page.getByRole('link', { name: 'Campañas' }).first().click();
  await expect(page).toHaveURL(/\/campanas$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Campañas' })).toBeVisible();
  await expect(page.getByTestId('campaigns-empty')).toBeVisible();
  await expect(page.getByTestId('campaign-forecast').getByTestId('forecast-needed')).toHaveText(/créditos? \(≈ [\d.]+,\d{2}\s€\)$/);
  const placeScans = page.getByTestId('campaign-card').filter({ hasText: 'Escaneo semanal · ' });
  await expect(placeScans).toHaveCount(3);
  await expect(placeScans.filter({ hasText: clinicName })).toContainText('7 keywords');
  await expect(placeScans.first().getByRole('link', { name: /^Ver el negocio de / })).toBeVisible();
  await expect(placeScans.first().getByRole('button', { name: /^Eliminar/ })).toHaveCount(0);
  await expectNoAxeFindingsOnceSettled(page, 'the campaigns list, empty');

  // The editor: a daily campaign at 10:00 inside a 09:00–13:00 window.
  await page.getByRole('link', { name: 'Crear la primera campaña' }).click();
  await expect(page).toHaveURL(/\/campanas\/nueva$/);
  const preview = page.getByTestId('campaign-preview');
  await expect(preview).toContainText('Elige al menos una keyword para ver el coste y la previsión.');
  await page.getByLabel('Nombre de la campaña').fill('Clínicas de Madrid');
  await page.getByLabel('Frecuencia').selectOption({ label: 'Cada día' });
  await page.getByLabel('Hora', { exact: true }).selectOption({ label: '10:00' });
  await page.getByLabel('Analizar solo dentro de una franja horaria').check();
  await page.getByLabel('Desde').selectOption({ label: '09:00' });
  await page.getByLabel('Hasta').selectOption({ label: '13:00' });
  const save = page.getByRole('button', { name: 'Crear campaña' });
  await expect(save).toBeDisabled();

  // The clinic's 7 keywords: 7 analyses of 49 points a round, and the forecast before and after.
  await page.getByRole('checkbox', { name: `Todas las keywords de ${clinicName}` }).check();
  await expect(page.getByTestId('campaign-selected')).toHaveText('7 keywords elegidas');
  await expect(preview.getByTestId('campaign-preview-round')).toHaveText(/^Cada ronda: 7 análisis, 343 créditos \(≈ 13,72\s€\)$/);
  const needed = preview.getByTestId('compare-needed');
  await expect(needed.locator('td')).toHaveCount(2);
  const before = numberIn(await needed.locator('td').first().textContent());
  // 30 daily rounds of 343 credits on top of what was already scheduled.
  await expect.poll(async () => numberIn(await needed.locator('td').last().textContent())).toBe(before + 30 * 343);
  await expect(preview.getByTestId('compare-runs-out').locator('td').last()).not.toHaveText('—');
  // Every Monday the clinic's weekly scan runs the same keywords: the preview says so before saving, with the credits paid twice.
  const overlap = preview.getByTestId('campaign-overlap');
  await expect(overlap).toContainText(/^7 keywords de esta campaña ya las analiza otra campaña el mismo día: se pagarían dos veces, [\d.]+ créditos más en 30 días\./);
  await expect(overlap.getByTestId('campaign-overlap-keyword')).toHaveCount(7);
  await expect(overlap.getByTestId('campaign-overlap-keyword').first()).toContainText(`también en «Escaneo semanal · ${clinicName}»`);
  await expect(overlap.getByRole('button', { name: 'Dejar fuera' })).toBeVisible();

  // Adding the hairdresser's keywords doubles the round, and the forecast shows it before saving.
  await page.getByRole('checkbox', { name: `Todas las keywords de ${more[0]!.name}` }).check();
  await expect(page.getByTestId('campaign-selected')).toHaveText('14 keywords elegidas');
  await expect(preview.getByTestId('campaign-preview-round')).toContainText('Cada ronda: 14 análisis');
  const afterBoth = numberIn(await needed.locator('td').last().textContent());
  await expect.poll(async () => numberIn(await needed.locator('td').last().textContent())).toBeGreaterThan(before + 30 * 343);
  expect(afterBoth).toBeGreaterThanOrEqual(before + 30 * 343);
  expect(numberIn(await needed.locator('td').first().textContent())).toBe(before);
  await expect(save).toBeEnabled();
  await expectNoAxeFindingsOnceSettled(page, 'the campaign editor with its preview');
  await page.screenshot({ path: 'e2e/.artifacts/screens/campaign-editor.png', fullPage: true });

  // A phone: the editor fits.
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoSidewaysScroll(page);
  await expectNoAxeFindingsOnceSettled(page, 'the campaign editor at 375 px');
  await page.setViewportSize({ width: 1280, height: 900 });

  // One click, one campaign: listed with its schedule, keywords and cost.
  await save.click();
  await expect(page.getByText('Campaña «Clínicas de Madrid» creada.')).toBeVisible();
  await expect(page).toHaveURL(/\/campanas$/);
  const card = page.getByTestId('campaign-card').filter({ hasText: 'Clínicas de Madrid' });
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('campaign-schedule')).toHaveText('Cada día a las 10:00, entre las 09:00 y las 13:00');
  await expect(card).toContainText('2 negocios · 14 keywords');
  await expect(card).toContainText(/Próxima ronda: .+ \(hora peninsular española\)/);
  await expect(card.getByTestId('campaign-state')).toHaveText('Activa');
  // Custom campaigns come first.
  await expect(page.getByTestId('campaign-card').first()).toContainText('Clínicas de Madrid');

  // The same name again, whatever the case: the API's 409 shows next to the form, and nothing is saved.
  await page.getByRole('link', { name: 'Nueva campaña' }).click();
  await page.getByLabel('Nombre de la campaña').fill('CLÍNICAS DE MADRID');
  await page.getByRole('checkbox', { name: `Todas las keywords de ${more[1]!.name}` }).check();
  await expect(page.getByTestId('campaign-preview-round')).toContainText('Cada ronda: 6 análisis');
  await page.getByRole('button', { name: 'Crear campaña' }).click();
  await expect(page.getByTestId('campaign-save-error')).toHaveText('Ya tienes una campaña con ese nombre.');
  await expect(page).toHaveURL(/\/campanas\/nueva$/);
  // «Dejar fuera»: the lawyer's keywords, all in its own Monday weekly scan, leave the draft.
  await page.getByTestId('campaign-overlap').getByRole('button', { name: 'Dejar fuera' }).click();
  await expect(page.getByTestId('campaign-selected')).toHaveText('0 keywords elegidas');
  await expect(page.getByTestId('campaign-overlap')).toHaveCount(0);
  await page.getByRole('link', { name: 'Cancelar' }).click();
  await expect(page.getByTestId('campaign-card')).toHaveCount(4);

  // Pause and resume.
  await card.getByRole('button', { name: 'Pausar la campaña Clínicas de Madrid' }).click();
  await expect(card.getByTestId('campaign-state')).toHaveText('Pausada');
  await expect(card).toContainText('Sin próxima ronda');
  await card.getByRole('button', { name: 'Reanudar la campaña Clínicas de Madrid' }).click();
  await expect(card.getByTestId('campaign-state')).toHaveText('Activa');

  // Its page: the fields as saved, and an empty history.
  await card.getByRole('link', { name: 'Editar la campaña Clínicas de Madrid' }).click();
  await expect(page.getByLabel('Nombre de la campaña')).toHaveValue('Clínicas de Madrid');
  await expect(page.getByLabel('Frecuencia')).toHaveValue('daily');
  await expect(page.getByTestId('campaign-selected')).toHaveText('14 keywords elegidas');
  await expect(page.getByTestId('campaign-rounds-empty')).toBeVisible();
  // Editing shows the change against the saved campaign: the same fields change nothing.
  const editNeeded = page.getByTestId('campaign-preview').getByTestId('compare-needed').locator('td');
  await expect.poll(async () => numberIn(await editNeeded.last().textContent())).toBe(numberIn(await editNeeded.first().textContent()));
  await page.getByRole('link', { name: 'Cancelar' }).click();
  await expect(page).toHaveURL(/\/campanas$/);

  await page.screenshot({ path: 'e2e/.artifacts/screens/campaigns-list.png', fullPage: true });
  // The list on a phone.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(card).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: 'e2e/.artifacts/screens/375/campaigns-list.png', fullPage: true });
  await expectNoAxeFindingsOnceSettled(page, 'the campaigns list at 375 px');
  await page.setViewportSize({ width: 1280, height: 900 });

  // The dashboard's forecast: 30 daily rounds of 406 credits are more than a Starter's credits.
  await page.goto('/');
  const forecast = page.getByTestId('campaign-forecast');
  await expect(forecast.getByRole('heading', { name: 'Previsión de créditos (30 días)' })).toBeVisible();
  await expect(forecast.getByTestId('forecast-warning')).toContainText(/Tus créditos se acaban el \d+ de \w+ de \d{4}\./);
  await expect(forecast.getByTestId('forecast-warning').getByRole('link', { name: 'Comprar créditos' })).toHaveAttribute(
    'href',
    '/buy-credits',
  );
  await expect(forecast.getByRole('heading', { name: 'Por campaña' })).toBeVisible();
  await expect(forecast).toContainText('Clínicas de Madrid');
  await expect(forecast).toContainText('30 rondas');
  await forecast.screenshot({ path: 'e2e/.artifacts/screens/campaign-forecast-card.png' });

  // «Analizar todas» on the clinic, to the end.
  await page.goto(`/rankmap/${clinicId}`);
  await page.getByRole('button', { name: 'Analizar todas' }).click();
  const confirm = page.getByRole('dialog', { name: 'Analizar todas las keywords' });
  await expect(confirm.getByTestId('analyze-all-cost')).toContainText('Coste: 343 créditos');
  await confirm.getByRole('button', { name: 'Analizar 7 keywords' }).click();
  await expect(page.getByText('Se han lanzado 7 análisis. Verás su progreso en cada keyword.')).toBeVisible();
  await expect(page.locator('[data-testid="keyword-progress"][data-state="completed"]')).toHaveCount(7, { timeout: 240_000 });

  // «Cartera» filtered by client: the clinic's 7 keywords, each with its result.
  await page.goto('/cartera');
  await page.getByLabel('Cliente', { exact: true }).selectOption({ label: 'Clínica Norte' });
  const portfolioRows = page.getByTestId('portfolio-row');
  await expect(portfolioRows).toHaveCount(7);
  await expect(portfolioRows.filter({ hasText: 'completado' })).toHaveCount(7);
  await expect(
    portfolioRows.filter({ hasText: 'dentista urgencias' }).getByRole('img', { name: /^GeoRank del último análisis: \d/ }),
  ).toBeVisible();
  await page.getByLabel('Cliente', { exact: true }).selectOption({ label: 'Grupo Sur' });
  await expect(portfolioRows).toHaveCount(13);
  await expect(portfolioRows.filter({ hasText: 'sin análisis' })).toHaveCount(13);

  // Deleting the campaign asks first; its analyses stay.
  await page.goto('/campanas');
  await page.getByRole('button', { name: 'Eliminar la campaña Clínicas de Madrid' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Los análisis que ya hizo siguen en el historial de cada keyword.');
  await dialog.getByRole('button', { name: 'Eliminar campaña' }).click();
  await expect(page.getByTestId('campaigns-empty')).toBeVisible();
  await expect(page.getByTestId('campaign-card')).toHaveCount(3);
});

test('when a business-owner plan opens «Campañas», then it learns what campaigns are and which plan has them, with no editor', async ({
  page,
  subscribe,
}) => {
  test.setTimeout(120_000);
  await subscribe('Premium');
  await page.goto('/campanas');
  const upgrade = page.getByTestId('campaigns-upgrade');
  await expect(upgrade.getByRole('heading', { name: 'Las campañas son de los planes para agencias' })).toBeVisible();
  await expect(upgrade).toContainText(/Para crear campañas necesitas (un plan para agencias|el plan \w+)\./);
  await expect(upgrade.getByRole('link', { name: 'Ver planes' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Nueva campaña' })).toHaveCount(0);
  await expect(page.getByTestId('campaign-forecast')).toHaveCount(0);
  await page.goto('/campanas/nueva');
  await expect(page.getByTestId('campaigns-upgrade')).toBeVisible();
  await expect(page.getByLabel('Nombre de la campaña')).toHaveCount(0);
  // The dashboard shows no forecast card.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('campaign-forecast')).toHaveCount(0);
  await expectNoAxeFindingsOnceSettled(page, 'the dashboard of a business-owner plan');
});
