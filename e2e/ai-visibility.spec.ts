import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { expectNoAxeFindings } from './a11y-support';
import { expect, test } from './fixtures/test';
import { addKeyword, addMadridClinic } from './support';

// «Visibilidad en IA» in a real browser (issue 30, "Done when"): a 5×5 × 3-sample AI scan on two
// demo engines run by the pg-boss worker, the map with its intervals, a point's three answers
// per engine, the competitor table, then a second scan and the comparison saying, for each
// figure, whether the change is beyond the noise. The demo engine varies between analyses
// (docs/decisions.md §31.11): a keyword's second analysis names the business much less, so the
// overall share of voice drops beyond the noise, and every other verdict agrees with the
// intervals shown. Last, on a phone, the weekly scan with AI visibility
// (docs/decisions.md §31.16): its cost per round, a round now, and its «Programado» AI analysis completing.

/** Nothing scrolls sideways at the phone's width. */
const expectNoSidewaysScroll = (page: Page) => expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

const SHARE = /^\d{1,3}\s?% \(\d{1,3}–\d{1,3}\s?%\)$/;

test('an AI scan shows the figures with intervals, the hatched map, the answers, the competitors and a comparison against the noise', async ({ page, subscribe, visitorPage, dev }) => {
  test.setTimeout(300_000);
  await subscribe('Agency');
  const placeId = await addMadridClinic(page);
  await addKeyword(page, 'dentista');
  await page.getByRole('link', { name: /^dentista/ }).click();
  await expect(page).toHaveURL(/\/keyword\/[0-9a-f-]{36}$/);

  // The entry sits beside the map analysis.
  await page.getByRole('link', { name: 'Visibilidad en IA' }).click();
  await expect(page).toHaveURL(/\/keyword\/[0-9a-f-]{36}\/ai$/);
  await expect(page.getByTestId('ai-empty')).toContainText('Aún no hay análisis de IA');

  const modal = page.getByRole('dialog', { name: 'Nuevo análisis de IA' });
  const scan = async () => {
    await page.getByRole('button', { name: 'Nuevo análisis de IA' }).first().click();
    // Defaults: 5×5, 3 samples, the first two engines; the quote before anything runs.
    await expect(modal.getByLabel('Cuadrícula')).toHaveValue('5');
    await expect(modal.getByLabel('Muestras por punto')).toHaveValue('3');
    await expect(modal.getByRole('checkbox', { name: /Google AI Mode/ })).toBeChecked();
    await expect(modal.getByRole('checkbox', { name: /Google AI Overviews/ })).toBeChecked();
    await expect(modal.getByRole('checkbox', { name: /ChatGPT/ })).not.toBeChecked();
    const quote = modal.getByTestId('ai-quote');
    await expect(quote.locator('[data-engine="google-ai-mode"]')).toContainText('(75 preguntas)');
    await expect(quote.locator('[data-engine="google-ai-mode"]')).toContainText('75 créditos');
    await expect(modal.getByTestId('ai-quote-total')).toHaveText(/150 créditos \(≈ 6,00\s€\)/);
    await modal.getByRole('button', { name: 'Lanzar análisis' }).click();
    await expect(modal).toBeHidden();
    await expect(page.getByTestId('ai-analysis')).toHaveAttribute('data-status', 'completed', { timeout: 120_000 });
  };

  await scan();
  await expect(page.getByTestId('ai-demo-label')).toContainText('Datos de demostración');

  // The three figures, overall and per engine, each with its interval.
  const overall = page.locator('[data-testid="ai-figures"][data-engine="overall"]');
  await expect(overall.locator('[data-metric="shareOfVoice"]')).toHaveText(SHARE);
  await expect(overall.locator('[data-metric="mentionedIn"]')).toHaveText(SHARE);
  await expect(page.locator('[data-testid="ai-figures"][data-engine="google-ai-mode"] [data-metric="shareOfVoice"]')).toHaveText(SHARE);

  // The map: 25 points, each named with its share and interval; the demo badge on it.
  const map = page.getByTestId('ai-map');
  const markers = map.locator('.rm-ai-marker');
  await expect(markers).toHaveCount(25);
  await expect(markers.first()).toHaveAttribute('aria-label', /^Fila 1, columna 1: /);
  await expect(map.getByTestId('ai-map-demo')).toHaveText('Datos de demostración');
  // Three samples a point leave wide intervals: the hatching is what the reader sees.
  expect(await map.locator('.rm-ai-marker[data-wide="true"]').count()).toBeGreaterThan(0);

  // One engine on the map, then a point's answers by keyboard: three samples.
  await page.getByRole('button', { name: 'Google AI Mode', exact: true }).click();
  await markers.nth(12).focus();
  await page.keyboard.press('Enter');
  const panel = page.getByTestId('ai-point-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('ai-answer')).toHaveCount(3);
  for (const answer of await panel.getByTestId('ai-answer').all()) {
    await expect(answer).toContainText(/Te nombra en la posición \d+|No te nombra|No nombra ningún negocio|Fallido/);
  }
  expect(await panel.locator('mark').count()).toBeGreaterThan(0);
  await panel.screenshot({ path: 'test-results/ai-visibility-panel.png' });
  await expectNoAxeFindings(page, 'the AI visibility page with a point open');

  // The competitor table, ranked by share, every row with an interval.
  const table = page.getByTestId('ai-competitors');
  const shares = await table.locator('tbody tr td:nth-child(3)').allTextContents();
  expect(shares.length).toBeGreaterThan(1);
  for (const s of shares) expect(s).toMatch(SHARE);
  // The first ten, then every business on request.
  const more = page.getByRole('button', { name: /^Ver los \d+ negocios$/ });
  if (await more.isVisible()) {
    const total = Number(/\d+/.exec((await more.textContent()) ?? '')?.[0]);
    await more.click();
    await expect(table.locator('tbody tr')).toHaveCount(total);
  }

  // A second scan, then the comparison.
  await scan();
  const compare = page.getByRole('region', { name: 'Comparar análisis de IA' });
  await expect(compare.getByLabel('Comparar con…').locator('option')).toHaveCount(1);
  const rows = compare.getByTestId('ai-compare').locator('li[data-metric]');
  await expect(rows).toHaveCount(9, { timeout: 30_000 });
  for (const row of await rows.all()) {
    const beyond = await row.getAttribute('data-beyond-noise');
    await expect(row.getByTestId('ai-verdict')).toContainText(beyond === 'true' ? 'mayor que el ruido' : /dentro del ruido|Sin dato/);
  }
  // The overall table comes first: its share of voice fell, and by more than the noise.
  const overallShare = rows.and(compare.locator('li[data-metric="shareOfVoice"]')).first();
  await expect(overallShare).toHaveAttribute('data-beyond-noise', 'true');
  await expect(overallShare.getByTestId('ai-verdict')).toHaveText(/^−\d+(,\d)? pp · mayor que el ruido$/);
  await expect(page.getByTestId('ai-trend')).toBeVisible();
  await page.screenshot({ path: 'test-results/ai-visibility-desktop.png', fullPage: true });
  const latestShare = (await page.locator('[data-testid="ai-figures"][data-engine="overall"] [data-metric="shareOfVoice"]').textContent())!.replace(/\s/g, ' ');

  // The keyword's report carries its latest AI analysis: the PDF (read back) and the share page.
  await page.getByRole('link', { name: 'Análisis del mapa' }).click();
  const download = page.waitForEvent('download');
  await page.getByTestId('pdf-button').click();
  const bytes = await readFile(await (await download).path());
  const { text: pdfText } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  const pdf = pdfText.replace(/\s+/g, ' ');
  expect(pdf).toContain('Visibilidad en IA');
  expect(pdf).toContain('5 × 5 puntos, 3 muestras por punto');
  expect(pdf).toContain(latestShare);
  expect(pdf).toContain('Datos de demostración');

  await page.getByTestId('share-button').click();
  const share = page.getByRole('dialog', { name: 'Compartir el informe' });
  await share.getByRole('button', { name: 'Crear enlace' }).click();
  const url = await share.getByLabel('Enlace del informe').inputValue();
  await visitorPage.goto(url);
  const aiSection = visitorPage.getByTestId('report-ai');
  await expect(aiSection).toBeVisible({ timeout: 15_000 });
  await expect(aiSection).toContainText('Datos de demostración');
  await expect(aiSection.locator('tbody tr').first()).toContainText('Todos los motores');
  expect((await aiSection.locator('tbody tr').first().textContent())!.replace(/\s/g, ' ')).toContain(latestShare);
  await visitorPage.screenshot({ path: 'test-results/ai-visibility-share.png', fullPage: true });
  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: 'Visibilidad en IA' }).click();
  await expect(page.getByTestId('ai-analysis')).toHaveAttribute('data-status', 'completed');

  // On a phone: the page fits the width.
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: 'test-results/ai-visibility-phone.png', fullPage: true });
  await page.getByRole('region', { name: 'Cifras' }).screenshot({ path: 'test-results/ai-visibility-phone-figures.png' });
  await page.getByTestId('ai-map').screenshot({ path: 'test-results/ai-visibility-phone-map.png' });
  await compare.screenshot({ path: 'test-results/ai-visibility-phone-compare.png' });

  // Scheduled AI (docs/decisions.md §31.16), still on the phone: the weekly scan's «Configurar
  // Horario» turns AI visibility on with the server's cost per round, a round now (developer
  // tools) queues the keyword's AI analysis on AI Mode's standard queue, and the AI history shows
  // it completed, marked «Programado».
  await page.goto(`/rankmap/${placeId}`);
  await page.getByTestId('weekly-countdown').waitFor();
  await page.getByRole('button', { name: 'Configurar Horario' }).click();
  const schedule = page.getByRole('dialog', { name: 'Configurar Horario' });
  await schedule.getByRole('checkbox', { name: 'Incluir visibilidad en IA en cada escaneo semanal' }).check();
  await expect(schedule.getByRole('checkbox', { name: 'Google AI Mode' })).toBeChecked();
  await schedule.getByLabel('Cuadrícula de IA').selectOption('3');
  await schedule.getByLabel('Muestras por punto').selectOption('1');
  await expect(schedule.getByTestId('weekly-ai-cost')).toHaveText(/^Visibilidad en IA: 9 créditos por ronda \(≈ 0,36\s€\)$/);
  await expectNoSidewaysScroll(page);
  await schedule.screenshot({ path: 'test-results/ai-visibility-weekly-schedule-phone.png' });
  await schedule.getByRole('button', { name: 'Guardar' }).click();
  await expect(schedule).toBeHidden();
  await expect(page.getByTestId('weekly-ai')).toHaveText('Con visibilidad en IA: Google AI Mode · 3×3 · 1 muestra');
  await page.getByRole('region', { name: 'Escaneo semanal' }).screenshot({ path: 'test-results/ai-visibility-weekly-card-phone.png' });
  // «Campañas» lists the weekly scan with its AI credits per round, beside its map credits.
  await page.goto('/campanas');
  const weeklyCampaign = page.getByTestId('campaign-card').filter({ hasText: 'Escaneo semanal · ' });
  await expect(weeklyCampaign.getByTestId('campaign-ai-credits')).toHaveText(/^Visibilidad en IA: 9 créditos más por ronda \(≈ 0,36\s€\)$/);
  await expectNoSidewaysScroll(page);
  await weeklyCampaign.screenshot({ path: 'test-results/ai-visibility-weekly-campaign-phone.png' });
  expect(await dev.runWeeklyCampaignRound(placeId)).toBe(200);

  await page.goto(`/rankmap/${placeId}`);

  await page.getByRole('link', { name: /^dentista/ }).click();
  await page.getByRole('link', { name: 'Visibilidad en IA' }).click();
  const scheduled = page.getByRole('button', { name: /Programado/ });
  await expect(scheduled).toHaveCount(1);
  await scheduled.click();
  await expect(page.getByTestId('ai-analysis')).toHaveAttribute('data-status', 'completed', { timeout: 90_000 });
  await expect(scheduled).toContainText('Google AI Mode · 3×3 · 1 muestra');
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: 'test-results/ai-visibility-scheduled-phone.png', fullPage: true });
});
