import { POSITION_BANDS, POSITION_BAND_COLORS, POSITION_BAND_TEXT_COLORS, bandRangeLabel, positionBand } from '@rankmaps/shared/metrics/bands';

/**
 * The landing's colour key: the app's own position scale (docs/decisions.md §22.3), so the
 * example maps look like the ones a customer gets: 1–3, 4–5, 6–10, 11–15, 16–20 and '+20'.
 */
export const RANK_BANDS = POSITION_BANDS.map((band) => ({ label: bandRangeLabel(band), fill: POSITION_BAND_COLORS[band] }));

/** The fill of an example marker; null is not found. */
export function rankFill(position: number | null): string {
  return POSITION_BAND_COLORS[positionBand(position)];
}

/** The colour of the number written on an example marker. */
export function rankText(position: number | null): string {
  return POSITION_BAND_TEXT_COLORS[positionBand(position)];
}

/**
 * A believable example grid: strong around the business, weaker with distance, and weak
 * towards one corner where a competitor sits. Deterministic, so every render is the same.
 */
export function exampleRanks(size: number, weakCorner: 'sw' | 'ne' = 'sw'): (number | null)[][] {
  const c = (size - 1) / 2;
  return Array.from({ length: size }, (_, row) =>
    Array.from({ length: size }, (_, col) => {
      if (row === c && col === c) return 1;
      const dx = (col - c) / c;
      const dy = (row - c) / c;
      const toward = weakCorner === 'sw' ? Math.max(0, -dx) * Math.max(0, dy) : Math.max(0, dx) * Math.max(0, -dy);
      // A fixed pseudo-random wobble per cell, so neighbours are not perfectly smooth.
      const h = Math.sin(row * 12.9898 + col * 78.233) * 43758.5453;
      const wobble = h - Math.floor(h) - 0.5;
      const p = Math.round(1 + Math.pow(Math.hypot(dx, dy), 1.8) * 6.5 + toward * 14 + wobble * 2.5);
      return p > 20 ? null : Math.max(1, p);
    }),
  );
}

/** GeoRank, average position and Local Pack share of a grid (the formulas of docs/decisions.md §3). */
export function gridMetrics(ranks: (number | null)[][]) {
  const all = ranks.flat();
  const n = all.length;
  const found = all.filter((p): p is number => p !== null);
  const top3 = found.filter((p) => p <= 3).length;
  const top10 = found.filter((p) => p > 3 && p <= 10).length;
  const top20 = found.filter((p) => p > 10).length;
  return {
    geoRank: Math.round((100 * (top3 + 0.5 * top10 + 0.25 * top20)) / n),
    avgPosition: found.length ? found.reduce((a, b) => a + b, 0) / found.length : null,
    localPack: Math.round((100 * top3) / n),
  };
}
