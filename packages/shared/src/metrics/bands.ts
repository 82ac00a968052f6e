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
 * Green for the best band, dark red for the worst, slate grey for not found, and hues in
 * between (navy, purple, orange) chosen so that every pair stays apart for people with
 * deuteranopia, protanopia or tritanopia, not only by a shade of brown (docs/decisions.md §22.3).
 * Every colour carries white marker text at a WCAG contrast of at least 4.5:1 and stands out
 * at least 3:1 from a light basemap (bands.test.ts and metrics.test.ts check all three).
 */
export const POSITION_BAND_COLORS: Readonly<Record<PositionBand, string>> = {
  top3: '#177d49',
  top5: '#193e65',
  top10: '#7c01a2',
  top15: '#c84d03',
  top20: '#5e1626',
  notFound: '#64748b',
};

/** The colour of the position written on a marker. */
export const POSITION_BAND_TEXT_COLOR = '#ffffff';

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
