import { isFoundPosition } from './core';

/**
 * The position bands (docs/decisions.md §3): 1–3, 4–5, 6–10, 11–15, 16–20 and not found. The
 * one source of the map's marker colours and legend and of the summary's distribution, so
 * that a colour means the same positions everywhere.
 */
export type PositionBand = 'top3' | 'top5' | 'top10' | 'top15' | 'top20' | 'notFound';

/** The bands in display order (legend order), best first. */
export const POSITION_BANDS: readonly PositionBand[] = ['top3', 'top5', 'top10', 'top15', 'top20', 'notFound'];

/** The positions each band covers, for legends; null for not found. */
export const POSITION_BAND_RANGES: Readonly<Record<PositionBand, readonly [number, number] | null>> = {
  top3: [1, 3],
  top5: [4, 5],
  top10: [6, 10],
  top15: [11, 15],
  top20: [16, 20],
  notFound: null,
};

/**
 * One sequential scale, viridis-like, for positions 1→20 and «+20»: lime for 1–3, then green,
 * teal, petrol, blue, and a deep purple for not found. It darkens at every step (CIELAB L* 88,
 * 74, 60, 47, 32, 15) as the hue turns, so it reads as an order by lightness alone, which is what
 * survives colour blindness. Adjacent bands keep CIEDE2000 ≥ 10 and L* ≥ 10 apart under typical
 * vision and simulated deuteranopia, protanopia and tritanopia (BAND_STEP, band-scale-rule.ts;
 * docs/decisions.md §22.3). The same fills are used by the map, legend, summary, point panel,
 * comparison, share page, PDF (and so the report e-mail) and the landing.
 */
export const POSITION_BAND_COLORS: Readonly<Record<PositionBand, string>> = {
  top3: '#cfe945',
  top5: '#6acb6f',
  top10: '#00a38f',
  top15: '#007990',
  top20: '#004d8d',
  notFound: '#381450',
};

/** Dark text on the three light fills, white on the three dark ones: every label at WCAG ≥ 4.5:1. */
export const BAND_TEXT_DARK = '#0f172a';
export const BAND_TEXT_LIGHT = '#ffffff';

/** The colour of the position written on each band's marker or cell. */
export const POSITION_BAND_TEXT_COLORS: Readonly<Record<PositionBand, string>> = {
  top3: BAND_TEXT_DARK,
  top5: BAND_TEXT_DARK,
  top10: BAND_TEXT_DARK,
  top15: BAND_TEXT_LIGHT,
  top20: BAND_TEXT_LIGHT,
  notFound: BAND_TEXT_LIGHT,
};

export function positionBand(p: number | null): PositionBand {
  if (!isFoundPosition(p)) return 'notFound';
  if (p <= 3) return 'top3';
  if (p <= 5) return 'top5';
  if (p <= 10) return 'top10';
  if (p <= 15) return 'top15';
  return 'top20';
}

/**
 * How many of the valid points fall in each band: one entry per point, its position 1..20
 * or null when not found (anything else counts as not found). The counts add up to N.
 */
export function countByBand(positions: Iterable<number | null>): Record<PositionBand, number> {
  const counts: Record<PositionBand, number> = { top3: 0, top5: 0, top10: 0, top15: 0, top20: 0, notFound: 0 };
  for (const p of positions) counts[positionBand(p)]++;
  return counts;
}

/** The label of a position: '+20' when not found (not in the top 20), otherwise the number. */
export function formatPosition(p: number | null): string {
  return isFoundPosition(p) ? String(p) : '+20';
}

/** The text of a band in a legend: '1–3' … '16–20', and '+20' for not found. */
export function bandRangeLabel(band: PositionBand): string {
  const range = POSITION_BAND_RANGES[band];
  return range ? `${range[0]}–${range[1]}` : formatPosition(null);
}
