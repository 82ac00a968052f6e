// The marker colours of docs/decisions.md §3: 1–3, 4–5, 6–10, 11–15, 16–20 and not found ('+20').
export const RANK_BANDS = [
  { label: '1–3', max: 3, fill: '#16a34a' },
  { label: '4–5', max: 5, fill: '#65a30d' },
  { label: '6–10', max: 10, fill: '#eab308' },
  { label: '11–15', max: 15, fill: '#f97316' },
  { label: '16–20', max: 20, fill: '#dc2626' },
  { label: '+20', max: Infinity, fill: '#94a3b8' },
] as const;

const NOT_FOUND_FILL = '#94a3b8';

export function rankFill(position: number | null): string {
  const p = position ?? Infinity;
  return RANK_BANDS.find((band) => p <= band.max)?.fill ?? NOT_FOUND_FILL;
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
