import { describe, expect, it } from 'vitest';
import { POSITION_BANDS, countByBand, positionBand } from './bands';
import { computeCompetitorAnalysis } from './competitors';
import { targetPosition } from './matching';
import { computeStats } from './stats';
import { storedAvgTotalPosition, withAvgTotalPosition } from './stored';
import type { MetricsPointInput, MetricsResultItem, TargetBusiness } from './types';

// "Posición media total" (the market's ATRP): the mean position over every valid point, a
// point where the business is not found counting as 21 (docs/metrics.md §3).

const TARGET: TargetBusiness = { placeId: 'pid-us', name: 'Nosotros', lat: 40.4168, lng: -3.7038 };
const item = (position: number, name: string): MetricsResultItem => ({
  position,
  name,
  address: '',
  rating: null,
  userRatingCount: 0,
  placeId: name === 'Nosotros' ? 'pid-us' : `pid-${name}`,
  location: null,
  categories: [],
  isAd: false,
});
const point = (...names: (string | null)[]): MetricsPointInput => ({
  lat: 40.4168,
  lng: -3.7038,
  organic: names.flatMap((n, i) => (n ? [item(i + 1, n)] : [])),
  ads: [],
});

describe('Posición media total', () => {
  // The worked example of docs/metrics.md: we are 1st, 5th, not found and 15th → (1 + 5 + 21 + 15) / 4 = 10.5.
  const filler = (k: number) => Array.from({ length: k }, (_, i) => `F${i}`);
  const points = [point('Nosotros', 'A'), point(...filler(4), 'Nosotros'), point('A'), point(...filler(14), 'Nosotros')];

  it('for our business, is the worked example’s 10.5 in the stats and in our competitors row', () => {
    const stats = computeStats(points.map((p) => targetPosition(p, TARGET)));
    expect(stats.avgTotalPosition).toBe(10.5);
    const analysis = computeCompetitorAnalysis(points, TARGET);
    expect(analysis.competitors.find((c) => c.isOurBusiness)!.avgTotalPosition).toBe(10.5);
  });

  it('for a competitor, counts 21 at the points where it is not, over all N, rounded to 2 decimals', () => {
    const analysis = computeCompetitorAnalysis(points, TARGET);
    // A: 2nd, not found, 1st, not found → (2 + 21 + 1 + 21) / 4 = 11.25.
    expect(analysis.competitors.find((c) => c.placeId === 'pid-A')!.avgTotalPosition).toBe(11.25);
    // F0: 1st at two points of four → (1 + 21 + 21 + 1) / 4 = 11.
    expect(analysis.competitors.find((c) => c.placeId === 'pid-F0')!.avgTotalPosition).toBe(11);
    // Three points, seen once 2nd: (2 + 21 + 21) / 3 = 14.666… → 14.67.
    const thirds = computeCompetitorAnalysis([point('X', 'B'), point('X'), point('X')], TARGET);
    expect(thirds.competitors.find((c) => c.placeId === 'pid-B')!.avgTotalPosition).toBe(14.67);
  });

  it('is never better than the average where found, and equals it for a business seen everywhere', () => {
    const analysis = computeCompetitorAnalysis(points, TARGET);
    for (const c of analysis.competitors) {
      expect(c.avgTotalPosition!).toBeGreaterThanOrEqual(c.avgPosition);
      if (c.appearances === analysis.totalPoints) expect(c.avgTotalPosition).toBe(c.avgPosition);
    }
  });
});

describe('tables stored before Posición media total', () => {
  const analysis = computeCompetitorAnalysis([point('Nosotros', 'A', 'B'), point('A', 'B'), point('B')], TARGET);
  const stats = computeStats([1, null, null]);
  const old = { ...analysis, competitors: analysis.competitors.map(({ avgTotalPosition: _dropped, ...row }) => row) };

  it('give it exactly where the stored figures do: our row from the stats, a business seen at every point from its average', () => {
    const filled = withAvgTotalPosition(old, stats);
    const byId = (id: string) => filled.competitors.find((c) => c.placeId === id)!;
    expect(byId('pid-us').avgTotalPosition).toBe(stats.avgTotalPosition);
    expect(byId('pid-us').avgTotalPosition).toBe(analysis.competitors.find((c) => c.isOurBusiness)!.avgTotalPosition);
    // B: 3rd, 2nd, 1st → 2 at every point.
    expect(byId('pid-B').avgTotalPosition).toBe(2);
    // A: seen at 2 of 3 points, its exact sum is not stored: unknown.
    expect(byId('pid-A').avgTotalPosition).toBeNull();
  });

  it('keep a value already stored, and leave our row unknown without stats', () => {
    expect(storedAvgTotalPosition({ ...old.competitors[0]!, avgTotalPosition: 7.25 }, 3, null)).toBe(7.25);
    const ours = old.competitors.find((c) => c.isOurBusiness)!;
    expect(storedAvgTotalPosition(ours, 3, null)).toBeNull();
  });
});

describe('countByBand: the summary’s distribution in the map’s bands', () => {
  it('counts every point in the band its marker is drawn in, and the counts add up to N', () => {
    const positions = [1, 3, 4, 5, 6, 10, 11, 15, 16, 20, null, 21, 0, 2.5];
    const counts = countByBand(positions);
    expect(counts).toEqual({ top3: 2, top5: 2, top10: 2, top15: 2, top20: 2, notFound: 4 });
    expect(POSITION_BANDS.reduce((n, b) => n + counts[b], 0)).toBe(positions.length);
    for (const p of positions) expect(counts[positionBand(p)]).toBeGreaterThan(0);
  });

  it('gives zeros for no points', () => {
    expect(countByBand([])).toEqual({ top3: 0, top5: 0, top10: 0, top15: 0, top20: 0, notFound: 0 });
  });
});
