import type { Page } from '@playwright/test';
import { contrastRatio, hexFromCssRgb } from '@rankmaps/shared/colour';
import { BAND_LABEL_MIN_CONTRAST, POSITION_BANDS, tooCloseSteps } from '@rankmaps/shared/metrics';
import { expect, test } from './fixtures/test';
import { analysedGrid, openResults } from './heat-map-grid';
import { addMadridClinic } from './support';

// docs/decisions.md §22.3: the heat map reads as a heat map. A 25×25 analysis opened in full
// screen at 1440×900 shows the whole grid with every position written inside its marker at a
// readable size, and the colours the browser draws keep the scale's rule: each label at
// 4.5:1 on its fill, adjacent bands apart under typical vision and three dichromacies.

interface DrawnMarker {
  row: number;
  col: number;
  tone: string;
  label: string;
  fontPx: number;
  /** The marker inside its ring (its padding box). */
  inner: { left: number; top: number; right: number; bottom: number };
  /** The label's text as laid out (a Range over it). */
  text: { left: number; top: number; right: number; bottom: number };
  outer: { left: number; top: number; right: number; bottom: number; width: number };
  fill: string;
  color: string;
}

/** Every ranking marker as drawn: its boxes, its label's box and size, its colours. */
function drawnMarkers(page: Page): Promise<DrawnMarker[]> {
  return page.getByTestId('results-map').evaluate((container) =>
    Array.from(container.querySelectorAll<HTMLElement>('.rm-result-marker')).map((marker) => {
      const span = marker.querySelector<HTMLElement>(':scope > span')!;
      const style = getComputedStyle(span);
      const outer = span.getBoundingClientRect();
      const ring = Number.parseFloat(style.borderTopWidth);
      const range = document.createRange();
      range.selectNodeContents(span);
      const text = range.getBoundingClientRect();
      const box = (r: DOMRect) => ({ left: r.left, top: r.top, right: r.right, bottom: r.bottom });
      return {
        row: Number(marker.dataset.row),
        col: Number(marker.dataset.col),
        tone: marker.dataset.tone ?? '',
        label: span.textContent ?? '',
        fontPx: Number.parseFloat(style.fontSize),
        inner: { left: outer.left + ring, top: outer.top + ring, right: outer.right - ring, bottom: outer.bottom - ring },
        text: box(text),
        outer: { ...box(outer), width: outer.width },
        fill: style.backgroundColor,
        color: style.color,
      };
    }),
  );
}

/**
 * What is wrong with the markers in view: a number under 11 px or «+20» under 10 px, a label
 * outside its marker's ring, a marker overlapping its right-hand neighbour. Answers the problems
 * (none for a readable map) and how many markers were in view.
 */
function unreadable(markers: DrawnMarker[], view: { left: number; top: number; right: number; bottom: number }) {
  const shown = markers.filter((m) => m.outer.left >= view.left && m.outer.right <= view.right && m.outer.top >= view.top && m.outer.bottom <= view.bottom);
  const problems: string[] = [];
  const byCell = new Map(markers.map((m) => [`${m.row}:${m.col}`, m]));
  for (const m of shown) {
    const at = `row ${m.row}, col ${m.col} («${m.label}», ${m.fontPx} px)`;
    if (m.fontPx < (m.label === '+20' ? 10 : 11)) problems.push(`${at}: too small`);
    const inside =
      m.text.left >= m.inner.left - 0.5 && m.text.right <= m.inner.right + 0.5 && m.text.top >= m.inner.top - 0.5 && m.text.bottom <= m.inner.bottom + 0.5;
    if (!inside) problems.push(`${at}: label outside its marker`);
    const right = byCell.get(`${m.row}:${m.col + 1}`);
    if (right && right.outer.left < m.outer.right) problems.push(`${at}: overlaps its right-hand neighbour`);
  }
  return { problems, shown: shown.length };
}

test('when an Enterprise user opens a 25×25 analysis in full screen at 1440×900, then the whole grid fits, every label is legible inside its marker and the colours keep the scale', async ({
  page,
  api,
  subscribe,
}) => {
  test.setTimeout(480_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await subscribe('Enterprise');
  const placeId = await addMadridClinic(page);
  const path = await analysedGrid(api, placeId, 25, 'dentista');
  await openResults(page, path, 25);

  await page.getByTestId('results-map-fullscreen').click();
  await expect(page.getByRole('dialog', { name: 'Mapa de resultados a pantalla completa' })).toBeVisible();
  const map = page.getByTestId('results-map');
  // No zooming: full screen alone makes room for the numbers.
  await expect(map).toHaveAttribute('data-compact', 'false');
  await expect(page.getByTestId('results-map-zoom-hint')).toHaveCount(0);
  const view = (await map.boundingBox())!;
  const viewBox = { left: view.x, top: view.y, right: view.x + view.width, bottom: view.y + view.height };

  // The whole grid on screen, every label legible and inside its marker.
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
});
