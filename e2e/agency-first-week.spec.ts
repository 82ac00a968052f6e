import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { contrastRatio, hexFromCssRgb } from '@rankmaps/shared/colour';
import { BAND_LABEL_MIN_CONTRAST, POSITION_BANDS, tooCloseSteps } from '@rankmaps/shared/metrics';
import { extractText, getDocumentProxy } from 'unpdf';
import { drawnMarkers, minimumPx, overlaysOnControls, readableLabels, unreadable } from './fixtures/heat-map-markers';
import { expect, test } from './fixtures/test';
import { openResults, scanFinished, startGridScan } from './heat-map-grid';
import { createMadridClinicInWizard, createdPlaceName, payInSandbox, signUpThroughForm, uniqueEmail } from './support';

// Issue 27's «Done when»: an agency's first week, end to end in Chromium on a 1440 px screen.
// It chooses Agency yearly on the pricing page (docs/decisions.md §29.7); sign-up and the
// confirmation e-mail lead straight to that checkout; its first business is offered the weekly
// scan unticked with its credits and euros (docs/decisions.md §29.5); it moves up to Enterprise and is granted the
// pro-rated credits at once (docs/decisions.md §29.6); editing the grid quotes the new weekly cost; a campaign is
// warned of the overlap with the weekly scan and leaves those keywords out (docs/workspace.md
// «Campañas»); a credit pack's invoice is downloaded and read back (docs/billing.md, "Invoices");
// and a 25×25 map in full screen has every label legible inside its marker (docs/decisions.md §22.3). It replaced
// agency-plan-choice, invoice and heat-map-scale specs, whose assertions are all here. The
// 25×25 scan (about 80 s) runs while the journey goes on, so it adds no time of its own.

const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const card = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name }) });

test('when an agency picks Agency yearly, signs up and pays, then its first week — a business, a grid, a campaign, an upgrade, an invoice and a 25×25 map — says what each step costs and reads well', async ({
  page,
  api,
  dev,
  outbox,
}) => {
  test.setTimeout(420_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const email = uniqueEmail('agencia');

  // The pricing page: the agency card lists what the plan adds, read from the catalogue.
  await page.goto('/pricing');
  await page.getByRole('radio', { name: 'Agentes de Marketing' }).click();
  await page.getByRole('radio', { name: /^Anual/ }).click();
  const agency = card(page, 'Agency');
  await expect(agency).toContainText('79 €/mes');
  await expect(agency.getByTestId('plan-features-pro_agency')).toContainText('API, webhooks y MCP');
  await expect(agency.getByTestId('plan-features-pro_agency')).toContainText('Soporte en directo: chat y videollamada');
  await agency.getByRole('link', { name: 'Comenzar gratis' }).click();

  // Sign-up, then the confirmation e-mail signs in and goes straight to that plan's checkout.
  await expect(page).toHaveURL(/\/signup\?redirect=/);
  await signUpThroughForm(page, 'Ana Agencia', email);
  await page.goto(await outbox.link(email, 'confirm-email'));
  await expect(page).toHaveURL(/\/sandbox\/checkout\/cs_sbx_/, { timeout: 20_000 });
  await expect(page.getByTestId('checkout-description')).toHaveText('Plan Agency (Anual)');
  await expect(page.getByTestId('checkout-amount')).toHaveText(/^948,00\s€$/);
  await payInSandbox(page);

  // The first business: the wizard offers the weekly scan unticked, with its credits and euros;
  // the helper asserts the offer and ticks it.
  await page.goto('/new-place');
  const placeId = await createMadridClinicInWizard(page);
  const clinicName = await createdPlaceName(page);

  // Set-up, not the journey: the trial ends now (the sandbox's renewal), so a move up is charged
  // pro rata and grants its credits at once rather than at the first charge.
  expect(await dev.simulateRenewal()).toBe(200);

  // The move up to Enterprise: the dialog lists what changes and the credits it grants now;
  // after it, the plan credits have grown by exactly that many (their ledger entry).
  const creditsBefore = (await api.GET('/api/user/profile')).data!.subscriptionCredits;
  await page.goto('/subscription');
  await expect(card(page, 'Agency').getByText('Tu plan actual')).toBeVisible();
  await card(page, 'Enterprise').getByRole('button', { name: 'Cambiar a este plan' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Cambiar a Enterprise (anual)?' });
  await expect(dialog.getByTestId('plan-change-lines').getByRole('row', { name: /Cuadrícula máxima/ })).toHaveText(/Cuadrícula máxima21×21→25×25/);
  const creditsNowText = dialog.getByTestId('change-credits-now');
  await expect(creditsNowText).toHaveText(/\+[\d.]+ créditos? \(≈ [\d.]+,\d{2}\s€\)/);
  const creditsNow = Number(/\+([\d.]+)/.exec((await creditsNowText.textContent())!)![1]!.replaceAll('.', ''));
  expect(creditsNow).toBeGreaterThan(0);
  await expect(dialog.getByTestId('change-note')).toContainText('Recibes ya la diferencia de créditos entre los dos planes');
  await dialog.getByRole('button', { name: 'Confirmar el cambio' }).click();
  await expect(dialog.getByText('Plan cambiado. Los nuevos límites ya se aplican.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Entendido' }).click();
  await expect(card(page, 'Enterprise').getByText('Tu plan actual')).toBeVisible();
  expect((await api.GET('/api/user/profile')).data!.subscriptionCredits).toBe(creditsBefore + creditsNow);

  // Set-up: a 25×25 grid and a scan of «dentista», through the API; it runs while the journey goes on.
  const scan = await startGridScan(api, placeId, 25, 'dentista');

  // Editing the grid quotes the new weekly cost in credits and euros against today's (1 keyword, 625 points now).
  await page.goto(`/rankmap/${placeId}`);
  await page.getByRole('button', { name: 'Opciones del negocio' }).click();
  await page.getByRole('menuitem', { name: 'Editar Matriz' }).click();
  await expect(page.getByRole('heading', { name: 'Editar Matriz de Análisis' })).toBeVisible();
  await page.getByLabel('Tamaño de la cuadrícula').selectOption('21');
  await expect(page.getByTestId('grid-change-cost')).toHaveText(
    /^Con esta cuadrícula, cada escaneo semanal costará 441 créditos \(≈ 17,64\s€\) \(441 puntos × 1 keyword\); ahora cuesta 625 \(≈ 25,00\s€\)\.$/,
  );

  // A daily campaign over the clinic's keywords would scan them on Mondays with its weekly
  // scan too: the preview says so before saving, with the credits, and «Dejar fuera» drops them.
  await page.goto('/campanas/nueva');
  await page.getByLabel('Nombre de la campaña').fill('Clínicas de Madrid');
  await page.getByLabel('Frecuencia').selectOption({ label: 'Cada día' });
  await page.getByRole('checkbox', { name: `Todas las keywords de ${clinicName}` }).check();
  const overlap = page.getByTestId('campaign-preview').getByTestId('campaign-overlap');
  await expect(overlap).toContainText(/^1 keyword de esta campaña ya la analiza otra campaña el mismo día: se pagaría dos veces, [\d.]+ créditos más en 30 días\./);
  await expect(overlap.getByTestId('campaign-overlap-keyword')).toHaveText([
    new RegExp(`^«dentista» \\(${escaped(clinicName)}\\): también en «Escaneo semanal · ${escaped(clinicName)}», \\d+ días?, [\\d.]+ créditos\\.$`),
  ]);
  await overlap.getByRole('button', { name: 'Dejar fuera' }).click();
  await expect(overlap).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: `Todas las keywords de ${clinicName}` })).not.toBeChecked();

  // A credit pack, bought with the company's billing data: its invoice in the payment history,
  // downloaded and read back, carries the number, the customer and the IVA breakdown of 20 €.
  await page.goto('/profile');
  await page.getByRole('tab', { name: /facturación/i }).click();
  await page.locator('label').filter({ hasText: 'Empresa' }).click();
  const billing = { 'Razón Social': 'Faro Digital S.L.', CIF: 'B29123452', Dirección: 'Calle Larios 1', 'Código postal': '29005', Ciudad: 'Málaga', Provincia: 'Málaga', País: 'España' };
  for (const [label, value] of Object.entries(billing)) await page.getByLabel(label).fill(value);
  await page.getByRole('button', { name: 'Guardar datos de facturación' }).click();
  await expect(page.getByText('Datos de facturación actualizados correctamente.')).toBeVisible();
  await page.goto('/buy-credits');
  await page.getByRole('button', { name: 'Comprar 500 créditos' }).click();
  await payInSandbox(page);
  await expect(page.getByText('¡Pago completado!')).toBeVisible();
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Historial de pagos' }).click();
  // The newest payment first: the pack.
  const number = page.getByTestId('invoice-number').first();
  await expect(number).toHaveText(/^Nº RM-\d{4}-\d{6}$/);
  const invoiceNumber = (await number.textContent())!.replace('Nº ', '');
  const download = page.waitForEvent('download');
  await page.getByTestId('invoice-download').first().click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`factura-${invoiceNumber}.pdf`);
  const bytes = await readFile(await file.path());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  for (const expected of [invoiceNumber, 'Faro Digital S.L.', 'B29123452', 'Calle Larios 1', 'Base imponible', '16,53', 'IVA (21 %)', '3,47', '20,00']) expect(text).toContain(expected);

  // The 25×25 map in full screen at 1440×900: the whole grid fits with no zooming, every label
  // legible and inside its marker, «+20» included, and the colours keep the scale's rule.
  await scanFinished(api, scan.rankMapId);
  await openResults(page, scan.path, 25);
  // The map first, beside the summary, within the first screen; the business's own point, with its legend entry.
  const summary = page.getByRole('region', { name: 'Resumen' });
  const mapBox = (await page.getByTestId('results-map').boundingBox())!;
  expect(mapBox.y).toBeLessThan(900 - 200);
  expect((await summary.boundingBox())!.x).toBeGreaterThan(mapBox.x + mapBox.width - 1);
  await expect(page.getByTestId('results-map').locator('.rm-business-marker')).toHaveCount(1);
  await expect(page.getByText('Ubicación de tu negocio')).toBeVisible();

  await page.getByTestId('results-map-fullscreen').click();
  await expect(page.getByRole('dialog', { name: 'Mapa de resultados a pantalla completa' })).toBeVisible();
  const map = page.getByTestId('results-map');
  await expect(map).toHaveAttribute('data-compact', 'false');
  await expect(page.getByTestId('results-map-zoom-hint')).toHaveCount(0);
  const view = (await map.boundingBox())!;
  expect(view.width).toBeGreaterThan(1200);
  expect(view.height).toBeGreaterThan(650);
  const viewBox = { left: view.x, top: view.y, right: view.x + view.width, bottom: view.y + view.height };
  const markers = await drawnMarkers(page);
  expect(markers).toHaveLength(625);
  const full = unreadable(markers, viewBox);
  expect(full.problems).toEqual([]);
  expect(full.shown).toBe(625);
  expect(markers.some((m) => m.label === '+20')).toBe(true);

  // The colours as drawn: each label readable on its fill; adjacent bands apart.
  const drawnFill = new Map<string, string>();
  const lowContrast: string[] = [];
  for (const m of markers) {
    const fill = hexFromCssRgb(m.fill)!;
    const color = hexFromCssRgb(m.color)!;
    const ratio = contrastRatio(fill, color);
    if (ratio < BAND_LABEL_MIN_CONTRAST) lowContrast.push(`«${m.label}» (${m.tone}): ${color} on ${fill} at ${ratio.toFixed(2)}:1`);
    if (m.tone !== 'failed') drawnFill.set(m.tone, fill);
  }
  expect(lowContrast).toEqual([]);
  expect(drawnFill.size).toBeGreaterThanOrEqual(4);
  // The legend draws every band, whether or not this analysis has it.
  const legend = await page.getByRole('list', { name: 'Leyenda' }).evaluate((list) =>
    Array.from(list.querySelectorAll('li')).map((li) => ({
      label: li.textContent?.trim() ?? '',
      fill: getComputedStyle(li.querySelector('span > span') ?? li).backgroundColor,
    })),
  );
  const legendFills = ['1–3', '4–5', '6–10', '11–15', '16–20', '+20 (no aparece)'].map((label) => hexFromCssRgb(legend.find((l) => l.label === label)!.fill)!);
  POSITION_BANDS.forEach((band, i) => {
    const onMap = drawnFill.get(band);
    if (onMap) expect(onMap, `${band} on the map and in the legend`).toBe(legendFills[i]);
  });
  for (let i = 0; i + 1 < legendFills.length; i++) {
    expect(tooCloseSteps(legendFills[i]!, legendFills[i + 1]!), `${POSITION_BANDS[i]} / ${POSITION_BANDS[i + 1]}`).toEqual([]);
  }

  // «+20» stays inside its marker at every zoom that writes labels: zoom in step by step, and back out.
  for (const control of ['.leaflet-control-zoom-in', '.leaflet-control-zoom-in', '.leaflet-control-zoom-in', '.leaflet-control-zoom-out']) {
    await map.locator(control).click();
    await page.waitForTimeout(400);
    if ((await map.getAttribute('data-compact')) === 'true') continue;
    const zoomed = unreadable(await drawnMarkers(page), viewBox);
    expect(zoomed.problems).toEqual([]);
    expect(zoomed.shown).toBeGreaterThan(0);
  }
  expect(await overlaysOnControls(page)).toEqual([]);
  // Escape leaves full screen; the focus stays on the button that opened it.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Mapa de resultados a pantalla completa' })).toHaveCount(0);
  await expect(page.getByTestId('results-map-fullscreen')).toBeFocused();
  await expect(page.getByTestId('results-map-fullscreen')).toHaveText('Pantalla completa');

  // The competitors table fits without scrolling sideways; the folded columns come back on demand;
  // at most 80 rows (docs/product.md §9): 20 at first, and «Ver más» adds 20 at a time.
  const scroller = page.getByTestId('competitors-table').getByRole('region', { name: /^Negocios que aparecen/ });
  await scroller.scrollIntoViewIfNeeded();
  expect(await scroller.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
  await expect(page.getByTestId('competitors-table').getByRole('columnheader', { name: 'Visibilidad' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Mostrar 2 columnas más' }).click();
  await expect(page.getByTestId('competitors-table').getByRole('columnheader', { name: 'Visibilidad' })).toBeVisible();
  const competitorRows = scroller.locator('tbody tr');
  await expect(competitorRows).toHaveCount(20);
  const more = page.getByTestId('competitors-more');
  await expect(more).toHaveText(/^Ver más \(\d+ negocios? más\)$/);
  for (let clicks = 0; clicks < 3 && (await more.isVisible()); clicks++) await more.click();
  await expect(more).toHaveCount(0);
  expect(await competitorRows.count()).toBeGreaterThan(20);
  expect(await competitorRows.count()).toBeLessThanOrEqual(80);

  // On a 375 px phone: the map before the summary; the zoom hint clear of the map's controls,
  // in full screen too; numbers of 11 px or more («+20» 10 px) after zooming in; nothing sideways.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await expect(page.locator('.rm-result-marker')).toHaveCount(625, { timeout: 30_000 });
  expect((await map.boundingBox())!.y).toBeLessThan((await summary.boundingBox())!.y);
  await map.scrollIntoViewIfNeeded();
  await expect(page.getByTestId('results-map-zoom-hint')).toBeVisible();
  expect(await overlaysOnControls(page)).toEqual([]);
  await page.getByTestId('results-map-fullscreen').click();
  await expect(page.getByTestId('results-map-zoom-hint')).toBeVisible();
  expect(await overlaysOnControls(page)).toEqual([]);
  await page.keyboard.press('Escape');
  const narrow = await readableLabels(page);
  expect(narrow.length).toBeGreaterThan(4);
  for (const { label, px } of narrow) expect(px, label).toBeGreaterThanOrEqual(minimumPx(label));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});