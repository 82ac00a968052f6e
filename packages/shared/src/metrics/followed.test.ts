import { describe, expect, it } from 'vitest';
import {
  type MetricsPointInput,
  type MetricsResultItem,
  type TargetBusiness,
  competitorStatsAt,
  computeCompetitorAnalysis,
  createCompetitorMatcher,
  syntheticPlaceId,
} from '../metrics';
import { providerResult } from './test-results';

const MALAGA = { lat: 36.7213, lng: -4.4214 };
const TARGET: TargetBusiness = { placeId: 'ChIJ-ours', name: 'Clínica Dental Sonrisa', lat: MALAGA.lat, lng: MALAGA.lng };

const biz = (name: string, position: number, over: Partial<MetricsResultItem> = {}) => providerResult(name, { ...MALAGA, city: 'Málaga' }, { position, ...over });
const point = (organic: MetricsResultItem[], ads: MetricsResultItem[] = []): MetricsPointInput => ({ lat: MALAGA.lat, lng: MALAGA.lng, organic, ads });
const rival = (position: number, over: Partial<MetricsResultItem> = {}) => biz('Rival', position, over);

describe('competitorStatsAt', () => {
  it('when a rival ranks 2, 5 (listed twice: 5 and 9), 14 and only as an ad over 4 points, then GeoRank 43.75, average 7, 3 appearances', () => {
    const points = [
      point([biz('A', 1), rival(2)]),
      point([rival(5), biz('B', 6), rival(9)]),
      point([biz('C', 1), rival(14)]),
      // An ad never counts as an organic position, whether in `ads` or flagged in `organic`.
      point([rival(1, { isAd: true }), biz('D', 2)], [rival(1)]),
    ];
    // GeoRank = 100 × (n₁₋₃ + 0.5·n₄₋₁₀ + 0.25·n₁₁₋₂₀) / N = 100 × (1 + 0.5 + 0.25) / 4 = 43.75.
    // Average = (2 + 5 + 14) / 3 = 7; over all 4 points, not found = 21: (2 + 5 + 14 + 21) / 4 = 10.5.
    expect(competitorStatsAt(points, 'pid-Rival')).toEqual({ placeId: 'pid-Rival', geoRank: 43.75, avgPosition: 7, avgTotalPosition: 10.5, appearances: 3 });
  });

  it('when a rival is 4th at one of 3 points and 11th at another, then GeoRank 25 and average 7.5; 16.67 when only the 4th counts', () => {
    // 100 × (0.5 + 0.25) / 3 = 25; (4 + 11) / 2 = 7.5.
    expect(competitorStatsAt([point([rival(4)]), point([rival(11)]), point([])], 'pid-Rival')).toMatchObject({ geoRank: 25, avgPosition: 7.5, appearances: 2 });
    // 100 × 0.5 / 3 = 16.666… → 16.67 (rounded once, at the end).
    expect(competitorStatsAt([point([rival(4)]), point([rival(21)]), point([rival(0)])], 'pid-Rival')).toMatchObject({ geoRank: 16.67, avgPosition: 4, appearances: 1 });
  });

  it('when the business is never seen, or there are no points, then GeoRank 0 and no average', () => {
    expect(competitorStatsAt([point([biz('A', 1)]), point([])], 'pid-Nobody')).toEqual({ placeId: 'pid-Nobody', geoRank: 0, avgPosition: null, avgTotalPosition: 21, appearances: 0 });
    expect(competitorStatsAt([], 'pid-Rival')).toEqual({ placeId: 'pid-Rival', geoRank: 0, avgPosition: null, avgTotalPosition: 21, appearances: 0 });
  });

  it('when a business has no provider id, then its synthetic table id finds it by name and place, and a listing with an id never matches it', () => {
    const near = { latitude: 36.72131, longitude: -4.42141 };
    const bar = (position: number, over: Partial<MetricsResultItem> = {}) => biz('Bar Pepe', position, { placeId: null, location: near, ...over });
    const id = syntheticPlaceId(bar(1));
    expect(id).toBe('local:barpepe@36.7213,-4.4214');
    const matches = createCompetitorMatcher(id);
    expect(matches(bar(3, { name: 'BAR-PEPE' }))).toBe(true);
    expect(matches(bar(3, { placeId: '' }))).toBe(true);
    expect(matches(bar(3, { placeId: 'ChIJ-pepe' }))).toBe(false);
    expect(matches(bar(3, { location: { latitude: 36.8, longitude: -4.4214 } }))).toBe(false);
    // 100 × (1 + 0.25) / 2 = 62.5; (3 + 12) / 2 = 7.5.
    expect(competitorStatsAt([point([bar(3)]), point([bar(12, { name: 'Bar Pepe ' })])], id)).toMatchObject({ geoRank: 62.5, avgPosition: 7.5, appearances: 2 });
    // An id-less result never matches a provider id.
    expect(createCompetitorMatcher('pid-Bar Pepe')(bar(1))).toBe(false);
  });

  it('for every business of generated scans, it gives exactly the competitors table’s score, both averages and appearances, even from points narrowed to that business', () => {
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const names = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L'];
    for (let scan = 0; scan < 20; scan++) {
      const points = Array.from({ length: 25 }, () => {
        const shuffled = [...names].sort(() => rand() - 0.5).slice(0, 1 + Math.floor(rand() * names.length));
        return point(shuffled.map((n, i) => biz(n, i + 1, n === 'L' ? { placeId: null } : {})), rand() < 0.3 ? [biz('A', 1, { isAd: true })] : []);
      });
      const table = computeCompetitorAnalysis(points, TARGET);
      expect(table.competitors.length).toBeGreaterThan(0);
      for (const row of table.competitors) {
        const matches = createCompetitorMatcher(row.placeId);
        const narrowed = points.map((p) => ({ ...p, organic: p.organic.filter(matches), ads: [] }));
        for (const input of [points, narrowed]) {
          const stats = competitorStatsAt(input, row.placeId);
          expect(stats).toEqual({
            placeId: row.placeId,
            geoRank: row.compositeScore,
            avgPosition: row.avgPosition,
            avgTotalPosition: row.avgTotalPosition,
            appearances: row.appearances,
          });
          expect(stats.geoRank).toBeGreaterThanOrEqual(0);
          expect(stats.geoRank).toBeLessThanOrEqual(100);
        }
      }
    }
  });
});
