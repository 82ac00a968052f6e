import { describe, expect, it } from 'vitest';
import {
  COMPETITORS_TABLE_LIMIT,
  COMPETITORS_TOP,
  type Competitor,
  type MetricsPointInput,
  type MetricsResultItem,
  POSITION_BANDS,
  POSITION_BAND_COLORS,
  POSITION_BAND_RANGES,
  POSITION_BAND_TEXT_COLORS,
  type PositionBand,
  type ScanStats,
  type TargetBusiness,
  computeCompetitorAnalysis,
  computeScanMetrics,
  computeStats,
  distanceMetres,
  formatPosition,
  matchTarget,
  normaliseBusinessName,
  positionBand,
  roundMetric,
  targetPosition,
} from './metrics';
import { providerResult } from './metrics/test-results';
import { seededRandom } from './seeded-random';

// ---------------------------------------------------------------------------------------
// Fixtures
// ---------------------------------------------------------------------------------------

const MADRID = { lat: 40.4168, lng: -3.7038 };
/** Metres per degree of latitude on the mean-radius sphere the module uses. */
const M_PER_DEG = 111_195.08;
/** A point `metres` north of Madrid's centre. */
const north = (metres: number) => ({ latitude: MADRID.lat + metres / M_PER_DEG, longitude: MADRID.lng });

const TARGET: TargetBusiness = { placeId: 'ChIJ-target', name: 'Clínica Dental Sonrisa', lat: MADRID.lat, lng: MADRID.lng };

/** A business as a provider returns it; position is set where it is placed. */
const biz = (name: string, over: Partial<MetricsResultItem> = {}) => providerResult(name, { ...MADRID, city: 'Madrid' }, over);

/** Our business as the results show it. */
const us = (over: Partial<MetricsResultItem> = {}) => biz(TARGET.name, { placeId: TARGET.placeId, location: north(0), ...over });

/** `item` placed at organic position `position`. */
const at = (position: number, item: MetricsResultItem): MetricsResultItem => ({ ...item, position });
/** `item` as an ad at slot `slot`. */
const ad = (slot: number, item: MetricsResultItem): MetricsResultItem => ({ ...item, position: slot, isAd: true });

const point = (organic: MetricsResultItem[], ads: MetricsResultItem[] = []): MetricsPointInput => ({
  lat: MADRID.lat,
  lng: MADRID.lng,
  organic,
  ads,
});

// A small deterministic PRNG, so the property checks are reproducible.
const rng = seededRandom;
const randInt = (r: () => number, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));

/** True when x has at most 2 decimals. */
const hasTwoDecimals = (x: number) => Number(x.toFixed(2)) === x;

/**
 * A literal, independent transcription of docs/decisions.md §3 (floating point throughout, no
 * rounding): the reference the implementation is compared with.
 */
function referenceStats(ps: (number | null)[]) {
  const n = ps.length;
  const found = ps.filter((p): p is number => p !== null);
  const n13 = found.filter((p) => p <= 3).length;
  const n410 = found.filter((p) => p >= 4 && p <= 10).length;
  const n1120 = found.filter((p) => p >= 11 && p <= 20).length;
  return {
    avgPosition: found.length ? found.reduce((a, b) => a + b, 0) / found.length : null,
    avgTotalPosition: n ? ps.reduce<number>((a, p) => a + (p ?? 21), 0) / n : 21,
    localPackPercentage: n ? (100 * n13) / n : 0,
    foundPercentage: n ? (100 * found.length) / n : 0,
    visibilityIndex: n ? (100 * found.reduce((a, p) => a + (21 - p) / 20, 0)) / n : 0,
    geoRank: n ? (100 * (n13 + 0.5 * n410 + 0.25 * n1120)) / n : 0,
  };
}

// ---------------------------------------------------------------------------------------
// computeStats
// ---------------------------------------------------------------------------------------

describe('computeStats', () => {
  it('computes the worked example of docs/metrics.md: positions 1, 5, not found, 15', () => {
    expect(computeStats([1, 5, null, 15])).toEqual<ScanStats>({
      totalPoints: 4,
      foundPoints: 3,
      avgPosition: 7, // (1 + 5 + 15) / 3
      avgTotalPosition: 10.5, // (1 + 5 + 21 + 15) / 4
      localPackPercentage: 25, // 100 · 1 / 4
      foundPercentage: 75, // 100 · 3 / 4
      visibilityIndex: 52.5, // 100 · (20/20 + 16/20 + 6/20) / 4
      geoRank: 43.75, // 100 · (1 + 0.5 + 0.25) / 4
      positionDistribution: { top3: 1, top10: 1, top20: 1, notFound: 1 },
    });
  });

  it('puts each bucket boundary in the right bucket: 3 | 4, 10 | 11, 20', () => {
    const s = computeStats([3, 4, 10, 11, 20]);
    expect(s.positionDistribution).toEqual({ top3: 1, top10: 2, top20: 2, notFound: 0 });
    expect(s.geoRank).toBe(50); // 100 · (1 + 0.5·2 + 0.25·2) / 5
    expect(s.localPackPercentage).toBe(20);
    expect(s.visibilityIndex).toBe(57); // 100 · (18 + 17 + 11 + 10 + 1) / 20 / 5
    expect(s.avgPosition).toBe(9.6); // 48 / 5
    expect(s.avgTotalPosition).toBe(9.6);
    expect(s.foundPercentage).toBe(100);
  });

  it('gives 100 everywhere when first at every point', () => {
    const s = computeStats([1, 1, 1]);
    expect([s.geoRank, s.visibilityIndex, s.localPackPercentage, s.foundPercentage]).toEqual([100, 100, 100, 100]);
    expect([s.avgPosition, s.avgTotalPosition]).toEqual([1, 1]);
  });

  it('gives the floor values when 20th at every point', () => {
    const s = computeStats([20, 20]);
    expect(s.visibilityIndex).toBe(5); // 100 · (1/20)
    expect(s.geoRank).toBe(25);
    expect(s.localPackPercentage).toBe(0);
    expect(s.foundPercentage).toBe(100);
    expect(s.avgTotalPosition).toBe(20);
  });

  it('with N = 0: every percentage and index is 0, avgTotalPosition 21, avgPosition null', () => {
    expect(computeStats([])).toEqual<ScanStats>({
      totalPoints: 0,
      foundPoints: 0,
      avgPosition: null,
      avgTotalPosition: 21,
      localPackPercentage: 0,
      foundPercentage: 0,
      visibilityIndex: 0,
      geoRank: 0,
      positionDistribution: { top3: 0, top10: 0, top20: 0, notFound: 0 },
    });
  });

  it('when never found: avgPosition null, avgTotalPosition 21, all shares 0', () => {
    const s = computeStats([null, null, null]);
    expect(s.avgPosition).toBeNull();
    expect(s.avgTotalPosition).toBe(21);
    expect([s.geoRank, s.visibilityIndex, s.localPackPercentage, s.foundPercentage]).toEqual([0, 0, 0, 0]);
    expect(s.positionDistribution).toEqual({ top3: 0, top10: 0, top20: 0, notFound: 3 });
  });

  it('rounds averages, percentages and indices to 2 decimals', () => {
    const s = computeStats([1, 2, null]);
    expect(s.localPackPercentage).toBe(66.67); // 200 / 3
    expect(s.foundPercentage).toBe(66.67);
    expect(s.geoRank).toBe(66.67);
    expect(s.visibilityIndex).toBe(65); // 100 · (20 + 19) / 20 / 3
    expect(s.avgPosition).toBe(1.5);
    expect(s.avgTotalPosition).toBe(8); // (1 + 2 + 21) / 3
    expect(computeStats([1, 1, 2]).avgPosition).toBe(1.33); // 4 / 3
    expect(computeStats([2, 2, 1]).avgPosition).toBe(1.67); // 5 / 3
    expect(computeStats([7, null, null]).visibilityIndex).toBe(23.33); // 100 · 14/20 / 3
    expect(computeStats([4, null, null]).geoRank).toBe(16.67); // 50 / 3
    expect(computeStats([null, null, 5]).avgTotalPosition).toBe(15.67); // 47 / 3
  });

  it('counts anything that is not an integer 1..20 as not found', () => {
    const s = computeStats([0, 21, 3.5, Number.NaN, -1, 2]);
    expect(s.totalPoints).toBe(6);
    expect(s.foundPoints).toBe(1);
    expect(s.avgPosition).toBe(2);
    expect(s.positionDistribution).toEqual({ top3: 1, top10: 0, top20: 0, notFound: 5 });
    expect(s.avgTotalPosition).toBe(17.83); // (2 + 5 · 21) / 6 = 107 / 6
  });

  it('does not depend on the order of the points', () => {
    const r = rng(7);
    const ps = Array.from({ length: 49 }, () => (r() < 0.3 ? null : randInt(r, 1, 20)));
    const shuffled = [...ps].sort(() => r() - 0.5);
    expect(computeStats(shuffled)).toEqual(computeStats(ps));
  });

  it('property: matches the literal formulas and respects their bounds on random scans', () => {
    const r = rng(20240601);
    for (let run = 0; run < 400; run++) {
      const n = randInt(r, 1, 625);
      const pFound = r();
      const ps = Array.from({ length: n }, () => (r() < pFound ? randInt(r, 1, 20) : null));
      const s = computeStats(ps);
      const ref = referenceStats(ps);

      // Same numbers as the literal formulas, up to the 2-decimal rounding.
      for (const k of ['avgTotalPosition', 'localPackPercentage', 'foundPercentage', 'visibilityIndex', 'geoRank'] as const) {
        expect(Math.abs(s[k] - ref[k])).toBeLessThanOrEqual(0.005 + 1e-9);
        expect(hasTwoDecimals(s[k])).toBe(true);
      }
      if (ref.avgPosition === null) expect(s.avgPosition).toBeNull();
      else expect(Math.abs(s.avgPosition! - ref.avgPosition)).toBeLessThanOrEqual(0.005 + 1e-9);

      // Ranges.
      for (const k of ['localPackPercentage', 'foundPercentage', 'visibilityIndex', 'geoRank'] as const) {
        expect(s[k]).toBeGreaterThanOrEqual(0);
        expect(s[k]).toBeLessThanOrEqual(100);
      }
      // Local Pack points weigh 1 in GeoRank and other found points at most 1, at least 0.25.
      expect(s.geoRank).toBeGreaterThanOrEqual(s.localPackPercentage);
      expect(s.geoRank).toBeLessThanOrEqual(s.foundPercentage);
      expect(s.geoRank).toBeGreaterThanOrEqual(s.foundPercentage / 4 - 0.01);
      // Visibility weighs a found point between 1/20 and 1, a Local Pack point at least 18/20.
      expect(s.visibilityIndex).toBeLessThanOrEqual(s.foundPercentage);
      expect(s.visibilityIndex).toBeGreaterThanOrEqual(s.foundPercentage / 20 - 0.01);
      expect(s.visibilityIndex).toBeGreaterThanOrEqual(0.9 * s.localPackPercentage - 0.01);
      // Averages.
      if (s.avgPosition !== null) {
        expect(s.avgPosition).toBeGreaterThanOrEqual(1);
        expect(s.avgPosition).toBeLessThanOrEqual(20);
        expect(s.avgTotalPosition).toBeGreaterThanOrEqual(s.avgPosition);
      }
      expect(s.avgTotalPosition).toBeLessThanOrEqual(21);
      // Counts.
      const d = s.positionDistribution;
      expect(d.top3 + d.top10 + d.top20 + d.notFound).toBe(n);
      expect(d.top3 + d.top10 + d.top20).toBe(s.foundPoints);
      expect(s.totalPoints).toBe(n);
    }
  });
});

// ---------------------------------------------------------------------------------------
// Rounding
// ---------------------------------------------------------------------------------------

describe('roundMetric', () => {
  it('rounds to 2 decimals, half away from zero, despite binary floating point', () => {
    expect(roundMetric(1.005)).toBe(1.01); // 1.005 · 100 = 100.49999… in binary
    expect(roundMetric(2.675)).toBe(2.68);
    expect(roundMetric(4.325)).toBe(4.33);
    expect(roundMetric(12.345)).toBe(12.35);
    expect(roundMetric(200 / 3)).toBe(66.67);
    expect(roundMetric(43.75)).toBe(43.75);
    expect(roundMetric(0.004)).toBe(0);
    expect(roundMetric(-1.005)).toBe(-1.01);
  });

  it('never returns -0', () => {
    expect(Object.is(roundMetric(-0.001), 0)).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------
// Bands, colours and labels
// ---------------------------------------------------------------------------------------

/** WCAG 2 relative luminance and contrast ratio. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};
function hueSaturation(hex: string): { hue: number; saturation: number } {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const d = max - min;
  const l = (max + min) / 2;
  const saturation = d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1));
  let hue = 0;
  if (d !== 0) {
    if (max === r) hue = 60 * (((g - b) / d) % 6);
    else if (max === g) hue = 60 * ((b - r) / d + 2);
    else hue = 60 * ((r - g) / d + 4);
  }
  return { hue: (hue + 360) % 360, saturation };
}

describe('positionBand', () => {
  it.each([
    [1, 'top3'],
    [3, 'top3'],
    [4, 'top5'],
    [5, 'top5'],
    [6, 'top10'],
    [10, 'top10'],
    [11, 'top15'],
    [15, 'top15'],
    [16, 'top20'],
    [20, 'top20'],
    [null, 'notFound'],
    [21, 'notFound'],
    [0, 'notFound'],
    [2.5, 'notFound'],
  ] as const)('position %s is %s', (p, band) => {
    expect(positionBand(p)).toBe(band);
  });

  it('agrees with POSITION_BAND_RANGES for every position 1..20', () => {
    for (let p = 1; p <= 20; p++) {
      const range = POSITION_BAND_RANGES[positionBand(p)];
      expect(range).not.toBeNull();
      expect(p).toBeGreaterThanOrEqual(range![0]);
      expect(p).toBeLessThanOrEqual(range![1]);
    }
    expect(POSITION_BAND_RANGES.notFound).toBeNull();
    expect(POSITION_BANDS).toEqual(['top3', 'top5', 'top10', 'top15', 'top20', 'notFound']);
  });
});

describe('POSITION_BAND_COLORS', () => {
  it('sets the white-text bands (11–20 and +20) off a light map at ≥ 3:1; the light ones carry dark text and lean on the marker ring', () => {
    for (const band of POSITION_BANDS) {
      const onMap = contrast(POSITION_BAND_COLORS[band], '#f2efe9'); // OSM-style land colour
      if (POSITION_BAND_TEXT_COLORS[band] === '#ffffff') expect(onMap, band).toBeGreaterThanOrEqual(3);
      else expect(contrast(POSITION_BAND_TEXT_COLORS[band], '#ffffff'), band).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('starts lime-green and ends in a dark purple for not found', () => {
    const hue = (band: PositionBand) => hueSaturation(POSITION_BAND_COLORS[band]).hue;
    expect(hue('top3')).toBeGreaterThan(60); // yellow-green
    expect(hue('top3')).toBeLessThan(100);
    expect(hue('top5')).toBeGreaterThan(100); // green
    expect(hue('top5')).toBeLessThan(160);
    expect(hue('notFound')).toBeGreaterThan(260); // purple
    expect(hue('notFound')).toBeLessThan(300);
    expect(luminance(POSITION_BAND_COLORS.notFound)).toBeLessThan(0.02);
  });
});

describe('formatPosition', () => {
  it("shows '+20' when not found and the number otherwise", () => {
    expect(formatPosition(null)).toBe('+20');
    expect(formatPosition(21)).toBe('+20');
    expect(formatPosition(1)).toBe('1');
    expect(formatPosition(20)).toBe('20');
  });
});

// ---------------------------------------------------------------------------------------
// Matching our business
// ---------------------------------------------------------------------------------------

describe('normaliseBusinessName', () => {
  it('lower-cases and strips accents, punctuation and spaces', () => {
    expect(normaliseBusinessName('  Clínica Dental   Sonrisa, S.L. ')).toBe('clinicadentalsonrisasl');
    expect(normaliseBusinessName('CAFÉ Peña')).toBe(normaliseBusinessName('cafe pena'));
    expect(normaliseBusinessName('Bar-Restaurante')).toBe(normaliseBusinessName('Bar Restaurante'));
    expect(normaliseBusinessName("L'Òstia Çà")).toBe('lostiaca');
    expect(normaliseBusinessName('Ｔａｌｌｅｒ №1')).toBe('tallerno1'); // full-width letters and № fold
  });

  it('keeps letters and digits, so different names stay different', () => {
    expect(normaliseBusinessName('Farmacia 24h')).toBe('farmacia24h');
    expect(normaliseBusinessName('Farmacia 24h')).not.toBe(normaliseBusinessName('Farmacia 12h'));
    expect(normaliseBusinessName('★★★')).toBe('');
  });
});

describe('distanceMetres', () => {
  it('measures a degree of latitude as about 111.2 km and is symmetric', () => {
    expect(distanceMetres(40, -3, 41, -3)).toBeCloseTo(M_PER_DEG, 0);
    expect(distanceMetres(41, -3, 40, -3)).toBeCloseTo(M_PER_DEG, 0);
    expect(distanceMetres(40.4168, -3.7038, 40.4168, -3.7038)).toBe(0);
  });

  it('accounts for longitude shrinking with latitude', () => {
    // At 60° a degree of longitude is half a degree at the equator.
    expect(distanceMetres(60, 0, 60, 1) / distanceMetres(0, 0, 0, 1)).toBeCloseTo(0.5, 2);
  });
});

describe('matchTarget', () => {
  it('matches by provider place id, whatever the name or distance', () => {
    expect(matchTarget(biz('Otro nombre', { placeId: TARGET.placeId, location: north(5000) }), TARGET)).toBe(true);
  });

  it('does not match a different place id, even with the same name and location', () => {
    expect(matchTarget(us({ placeId: 'ChIJ-other' }), TARGET)).toBe(false);
  });

  it('without a place id, matches the normalised name within 250 m', () => {
    expect(matchTarget(biz('CLINICA DENTAL SONRISA.', { placeId: null, location: north(100) }), TARGET)).toBe(true);
    expect(matchTarget(biz('clínica  dental-sonrisa', { placeId: null, location: north(245) }), TARGET)).toBe(true);
  });

  it('without a place id, rejects the same name beyond 250 m (another branch)', () => {
    expect(matchTarget(biz(TARGET.name, { placeId: null, location: north(255) }), TARGET)).toBe(false);
    expect(matchTarget(biz(TARGET.name, { placeId: null, location: north(1000) }), TARGET)).toBe(false);
  });

  it('without a place id, rejects a different name next door', () => {
    expect(matchTarget(biz('Clínica Dental Sonrisas', { placeId: null, location: north(0) }), TARGET)).toBe(false);
  });

  it('treats an empty place id as missing', () => {
    expect(matchTarget(biz(TARGET.name, { placeId: '', location: north(10) }), TARGET)).toBe(true);
  });

  it('uses the name alone when the target has no coordinates', () => {
    const noCoords: TargetBusiness = { ...TARGET, lat: null, lng: null };
    expect(matchTarget(biz(TARGET.name, { placeId: null, location: north(50_000) }), noCoords)).toBe(true);
    expect(matchTarget(biz('Otra Clínica', { placeId: null, location: north(0) }), noCoords)).toBe(false);
  });

  it('uses the name alone when the result has no location', () => {
    expect(matchTarget(biz(TARGET.name, { placeId: null, location: null }), TARGET)).toBe(true);
  });

  it('never matches by a name that normalises to nothing', () => {
    const symbolic: TargetBusiness = { placeId: 'x', name: '★★★', lat: null, lng: null };
    expect(matchTarget(biz('☆☆☆', { placeId: null, location: null }), symbolic)).toBe(false);
  });
});

describe('targetPosition', () => {
  it('returns our organic position', () => {
    expect(targetPosition(point([at(1, biz('A')), at(2, biz('B')), at(3, us())]), TARGET)).toBe(3);
  });

  it('returns null when we are not in the results', () => {
    expect(targetPosition(point([at(1, biz('A'))]), TARGET)).toBeNull();
    expect(targetPosition(point([]), TARGET)).toBeNull();
  });

  it('never counts an ad: ads only → null; ad on top and organic 4th → 4', () => {
    expect(targetPosition(point([at(1, biz('A'))], [ad(1, us())]), TARGET)).toBeNull();
    expect(targetPosition(point([at(1, biz('A')), at(4, us())], [ad(1, us())]), TARGET)).toBe(4);
  });

  it('ignores an ad that a provider left among the organic results', () => {
    expect(targetPosition(point([ad(1, us()), at(2, biz('A'))]), TARGET)).toBeNull();
  });

  it('takes the better position of a duplicate listing', () => {
    expect(targetPosition(point([at(2, biz('A')), at(7, us()), at(5, us({ placeId: null }))]), TARGET)).toBe(5);
  });

  it('treats a position beyond 20 as not found', () => {
    expect(targetPosition(point([at(21, us())]), TARGET)).toBeNull();
  });

  it('finds us by name and distance when the provider gives no id', () => {
    expect(
      targetPosition(point([at(1, biz('A')), at(2, biz('clinica dental sonrisa', { placeId: null, location: north(80) }))]), TARGET),
    ).toBe(2);
  });
});

// ---------------------------------------------------------------------------------------
// Competitors
// ---------------------------------------------------------------------------------------

/**
 * Four points. Positions by business (– = absent):
 *   us (T): 1, 5, –, 15        A: 2, 1, 1, 2      B: 3, 2, –, 1
 *   C:      –, 3, 2, –         E: –, 4, –, –
 * Ads: D at points 1, 2, 4 (never organic); A at point 2.
 */
const A = biz('Alfa Dental', { rating: 4.8, userRatingCount: 120 });
const B = biz('Beta Dental', { rating: 4.0, userRatingCount: 30 });
const C = biz('Gamma Dental', { rating: null, userRatingCount: 0 });
const D = biz('Delta Anuncios', { rating: 4.9, userRatingCount: 500 });
const E = biz('Épsilon Dental', { rating: 3.9, userRatingCount: 8 });
const T = us({ rating: 4.6, userRatingCount: 50 });
const SCAN: MetricsPointInput[] = [
  point([at(1, T), at(2, A), at(3, B)], [ad(1, D)]),
  point([at(1, A), at(2, B), at(3, C), at(4, E), at(5, T)], [ad(1, D), ad(2, A)]),
  point([at(1, A), at(2, C)]),
  point([at(1, B), at(2, A), at(15, T)], [ad(1, D)]),
];

const byName = (cs: Competitor[], name: string) => {
  const c = cs.find((x) => x.name === name);
  if (!c) throw new Error(`no competitor ${name}`);
  return c;
};

describe('computeCompetitorAnalysis', () => {
  const analysis = computeCompetitorAnalysis(SCAN, TARGET);

  it('ranks by compositeScore: A 100, B 75, C 50, us 43.75, E 12.5', () => {
    expect(analysis.competitors.map((c) => [c.name, c.compositeScore])).toEqual([
      ['Alfa Dental', 100],
      ['Beta Dental', 75],
      ['Gamma Dental', 50],
      [TARGET.name, 43.75],
      ['Épsilon Dental', 12.5],
    ]);
    expect(analysis.ourRank).toBe(4);
    expect(analysis.totalPoints).toBe(4);
    expect(analysis.totalCompetitors).toBe(5);
  });

  it('computes each business’s figures over all N points', () => {
    const a = byName(analysis.competitors, 'Alfa Dental');
    expect([a.appearances, a.avgPosition, a.localPackPercentage, a.visibilityIndex]).toEqual([4, 1.5, 100, 97.5]); // vis: 100·(19+20+20+19)/20/4
    const b = byName(analysis.competitors, 'Beta Dental');
    expect([b.appearances, b.avgPosition, b.localPackPercentage, b.visibilityIndex]).toEqual([3, 2, 75, 71.25]); // 100·57/20/4
    const c = byName(analysis.competitors, 'Gamma Dental');
    expect([c.appearances, c.avgPosition, c.localPackPercentage, c.visibilityIndex]).toEqual([2, 2.5, 50, 46.25]); // 100·37/20/4
    const e = byName(analysis.competitors, 'Épsilon Dental');
    expect([e.appearances, e.avgPosition, e.localPackPercentage, e.visibilityIndex]).toEqual([1, 4, 0, 21.25]); // 100·17/20/4
  });

  it('includes our business, flagged, with the same figures as our stats', () => {
    const ours = analysis.competitors.filter((c) => c.isOurBusiness);
    expect(ours).toHaveLength(1);
    expect(ours[0]).toMatchObject({
      placeId: TARGET.placeId,
      appearances: 3,
      avgPosition: 7,
      localPackPercentage: 25,
      visibilityIndex: 52.5,
      compositeScore: 43.75,
    });
    expect(analysis.positionDistribution).toEqual({ top3: 1, top10: 1, top20: 1, notFound: 1 });
    expect(analysis.visibilityIndex).toBe(52.5);
  });

  it('keeps businesses seen only as ads out of the competitors, and in the ad detector', () => {
    expect(analysis.competitors.some((c) => c.name === 'Delta Anuncios')).toBe(false);
    expect(analysis.ads).toEqual([
      { placeId: 'pid-Delta Anuncios', name: 'Delta Anuncios', share: 75, appearances: 3, isOurBusiness: false },
      { placeId: 'pid-Alfa Dental', name: 'Alfa Dental', share: 25, appearances: 1, isOurBusiness: false },
    ]);
  });

  it('flags a competitor that also ran ads, with its ad share', () => {
    expect(byName(analysis.competitors, 'Alfa Dental')).toMatchObject({ isAd: true, adShare: 25 });
    expect(byName(analysis.competitors, 'Beta Dental')).toMatchObject({ isAd: false, adShare: 0 });
  });

  it('averages rating (ignoring null) and reviews over the listed top 15', () => {
    expect(analysis.avgRating).toBe(4.33); // (4.8 + 4.0 + 4.6 + 3.9) / 4 = 4.325
    expect(analysis.avgReviews).toBe(41.6); // (120 + 30 + 0 + 50 + 8) / 5
  });

  it('copies the business details from the results', () => {
    expect(byName(analysis.competitors, 'Alfa Dental')).toMatchObject({
      rating: 4.8,
      userRatingCount: 120,
      address: 'Calle de Alfa Dental, Madrid',
      location: A.location,
      categories: ['Dentista'],
      placeId: 'pid-Alfa Dental',
    });
  });

  it('is what computeScanMetrics returns, next to stats equal to computeStats of our positions', () => {
    const m = computeScanMetrics(SCAN, TARGET);
    expect(m.competitorAnalysis).toEqual(analysis);
    expect(m.positions).toEqual([1, 5, null, 15]);
    expect(m.stats).toEqual(computeStats([1, 5, null, 15]));
    expect(m.stats.geoRank).toBe(43.75);
  });

  it('with N = 0: empty, ourRank null, zeros and null averages', () => {
    expect(computeCompetitorAnalysis([], TARGET)).toEqual({
      competitors: [],
      totalPoints: 0,
      ourRank: null,
      positionDistribution: { top3: 0, top10: 0, top20: 0, notFound: 0 },
      avgRating: null,
      avgReviews: null,
      visibilityIndex: 0,
      ads: [],
      totalCompetitors: 0,
    });
  });

  it('leaves us out, with ourRank null, when we were never found organically (even as an ad)', () => {
    const r = computeCompetitorAnalysis([point([at(1, A), at(2, B)], [ad(1, T)]), point([at(1, B)])], TARGET);
    expect(r.ourRank).toBeNull();
    expect(r.competitors.some((c) => c.isOurBusiness)).toBe(false);
    expect(r.competitors.map((c) => c.name)).toEqual(['Beta Dental', 'Alfa Dental']);
    expect(r.visibilityIndex).toBe(0);
    expect(r.positionDistribution).toEqual({ top3: 0, top10: 0, top20: 0, notFound: 2 });
    expect(r.ads).toEqual([{ placeId: TARGET.placeId, name: TARGET.name, share: 50, appearances: 1, isOurBusiness: true }]);
  });

  it('does not count ads in organic positions or appearances', () => {
    // A is an ad at both points but organic only at the first, at position 6.
    const r = computeCompetitorAnalysis([point([at(1, B), at(6, A)], [ad(1, A)]), point([at(1, B), ad(2, A)])], TARGET);
    expect(byName(r.competitors, 'Alfa Dental')).toMatchObject({
      appearances: 1,
      avgPosition: 6,
      localPackPercentage: 0,
      compositeScore: 25,
      isAd: true,
      adShare: 100,
    });
  });

  it('breaks compositeScore ties by avgPosition, then by name in Spanish order', () => {
    // Over 2 points: X at 4 and 4 → 100·(0.5+0.5)/2 = 50; Y at 1 once → 100·1/2 = 50, avg 1.
    // Árbol and Bar: both at 2 once → 50, avg 2; "Á" sorts with "A", before "B".
    const X = biz('Xilófono');
    const Y = biz('Yunque');
    const arbol = biz('Árbol');
    const bar = biz('Bar');
    const r = computeCompetitorAnalysis([point([at(1, Y), at(2, bar), at(4, X)]), point([at(2, arbol), at(4, X)])], TARGET);
    expect(r.competitors.map((c) => [c.name, c.compositeScore, c.avgPosition])).toEqual([
      ['Yunque', 50, 1],
      ['Árbol', 50, 2],
      ['Bar', 50, 2],
      ['Xilófono', 50, 4],
    ]);
  });

  it('gives ourRank from the same order, ties included', () => {
    // Us at 3 and A at 3 → same score and average; "Alfa" sorts before "Clínica".
    const r = computeCompetitorAnalysis([point([at(2, B), at(3, A), at(3, T)])], TARGET);
    expect(r.competitors.map((c) => c.name)).toEqual(['Beta Dental', 'Alfa Dental', TARGET.name]);
    expect(r.ourRank).toBe(3);
  });

  it('keys a business without a place id by normalised name and rounded coordinates', () => {
    const loc = { latitude: 40.42, longitude: -3.7 };
    const cafe = biz('Café Central', { placeId: null, location: loc });
    const cafeNoise = biz('CAFE CENTRAL', { placeId: null, location: { latitude: 40.420001, longitude: -3.700002 } });
    const otherBranch = biz('Café Central', { placeId: null, location: { latitude: 40.45, longitude: -3.7 } });
    const r = computeCompetitorAnalysis([point([at(1, cafe), at(2, otherBranch)]), point([at(3, cafeNoise)])], TARGET);
    expect(r.competitors).toHaveLength(2);
    expect(r.competitors[0]).toMatchObject({
      placeId: 'local:cafecentral@40.4200,-3.7000',
      name: 'Café Central',
      appearances: 2,
      avgPosition: 2,
    });
    expect(r.competitors[1]).toMatchObject({ placeId: 'local:cafecentral@40.4500,-3.7000', appearances: 1 });
  });

  it('joins our sightings with and without a place id into one row', () => {
    const r = computeCompetitorAnalysis(
      [point([at(2, T)]), point([at(4, us({ placeId: null, name: 'CLINICA DENTAL SONRISA', location: north(30) }))])],
      TARGET,
    );
    expect(r.competitors).toHaveLength(1);
    expect(r.competitors[0]).toMatchObject({ placeId: TARGET.placeId, isOurBusiness: true, appearances: 2, avgPosition: 3 });
    expect(r.ourRank).toBe(1);
  });

  it('keeps a namesake 1 km away as a competitor, not as us', () => {
    const namesake = biz(TARGET.name, { placeId: null, location: north(1000) });
    const r = computeCompetitorAnalysis([point([at(1, namesake), at(2, T)])], TARGET);
    expect(r.competitors.map((c) => [c.isOurBusiness, c.compositeScore])).toEqual([
      [false, 100],
      [true, 100],
    ]);
    expect(r.ourRank).toBe(2);
  });

  it('counts a duplicate listing once per point, at its better position', () => {
    const r = computeCompetitorAnalysis([point([at(2, A), at(9, A)]), point([at(1, B)])], TARGET);
    expect(byName(r.competitors, 'Alfa Dental')).toMatchObject({ appearances: 1, avgPosition: 2, compositeScore: 50 });
  });

  it('fills details missing at the first sighting from later ones', () => {
    const bare = biz('Alfa Dental', { rating: null, userRatingCount: 0, location: null, categories: [], address: '' });
    const r = computeCompetitorAnalysis([point([at(1, bare)]), point([at(1, A)])], TARGET);
    expect(r.competitors[0]).toMatchObject({
      rating: 4.8,
      userRatingCount: 120,
      location: A.location,
      categories: ['Dentista'],
      address: A.address,
    });
  });

  it('lists at most 80 rows, ranks us beyond them, and keeps the order everywhere', () => {
    // 5 points × 20 different businesses = 100 businesses, each seen once; we are 20th at the last point.
    const scan = Array.from({ length: 5 }, (_, i) =>
      point(
        Array.from({ length: 20 }, (_, j) =>
          i === 4 && j === 19 ? at(20, us({ name: 'Zz Clínica Dental Sonrisa' })) : at(j + 1, biz(`Negocio ${i}-${j}`)),
        ),
      ),
    );
    const r = computeCompetitorAnalysis(scan, TARGET);
    expect(r.competitors).toHaveLength(COMPETITORS_TABLE_LIMIT);
    expect(r.totalCompetitors).toBe(100);
    expect(r.ourRank).toBe(100); // tied on score and average with four others, last by name
    expect(r.competitors.some((c) => c.isOurBusiness)).toBe(false);
    // Over N = 5: positions 1–3 score 100/5 = 20, 4–10 score 10, 11–20 score 5; within a
    // score, by average position (five businesses per position, one per point).
    expect(r.competitors.slice(0, 15).map((c) => c.compositeScore)).toEqual(Array(15).fill(20));
    expect(r.competitors[15]).toMatchObject({ compositeScore: 10, avgPosition: 4 });
    expect(r.competitors[50]).toMatchObject({ compositeScore: 5, avgPosition: 11 });
    expect(r.competitors[79]).toMatchObject({ compositeScore: 5, avgPosition: 16 });
    for (let k = 1; k < r.competitors.length; k++) {
      const [prev, cur] = [r.competitors[k - 1]!, r.competitors[k]!];
      expect(cur.compositeScore).toBeLessThanOrEqual(prev.compositeScore);
      if (cur.compositeScore === prev.compositeScore) expect(cur.avgPosition).toBeGreaterThanOrEqual(prev.avgPosition);
    }
  });

  it('takes avgRating and avgReviews over the first 15 rows only, ignoring null ratings', () => {
    // 20 businesses at positions 1..20 at one point; the top 15 rate 5 with 10 reviews, the rest 1 with 1000.
    const names = Array.from({ length: 20 }, (_, j) => `Negocio ${String(j).padStart(2, '0')}`);
    const organic = names.map((name, j) =>
      at(j + 1, biz(name, j < 15 ? { rating: 5, userRatingCount: 10 } : { rating: 1, userRatingCount: 1000 })),
    );
    expect(COMPETITORS_TOP).toBe(15);
    const r = computeCompetitorAnalysis([point(organic)], TARGET);
    expect(r.avgRating).toBe(5);
    expect(r.avgReviews).toBe(10);
    // The first row without a rating (and no reviews): ignored for the rating, 0 for the reviews.
    organic[0] = at(1, biz(names[0]!, { rating: null, userRatingCount: 0 }));
    const r2 = computeCompetitorAnalysis([point(organic)], TARGET);
    expect(r2.avgRating).toBe(5);
    expect(r2.avgReviews).toBe(9.33); // 140 / 15
  });

  it('gives avgRating null when no top-15 business has a rating', () => {
    const r = computeCompetitorAnalysis(
      [point([at(1, biz('A', { rating: null, userRatingCount: 0 })), at(2, biz('B', { rating: null, userRatingCount: 3 }))])],
      TARGET,
    );
    expect(r.avgRating).toBeNull();
    expect(r.avgReviews).toBe(1.5);
  });

  it('sorts the ad detector by share, then by name', () => {
    const r = computeCompetitorAnalysis(
      [
        point([at(1, A)], [ad(1, biz('Zeta')), ad(2, biz('Beta'))]),
        point([at(1, A)], [ad(1, biz('Zeta'))]),
        point([at(1, A)], [ad(1, biz('Alfa'))]),
      ],
      TARGET,
    );
    expect(r.ads.map((a) => [a.name, a.share])).toEqual([
      ['Zeta', 66.67],
      ['Alfa', 33.33],
      ['Beta', 33.33],
    ]);
  });

  it('property: bounded, sorted, consistent with our stats and independent of point order', () => {
    const r = rng(42);
    const pool = Array.from({ length: 60 }, (_, i) =>
      i % 7 === 0
        ? biz(`Sin id ${i}`, { placeId: null, location: { latitude: 40 + i / 100, longitude: -3 } })
        : biz(`Negocio ${i}`, { rating: i % 5 === 0 ? null : 3 + (i % 3) / 2 }),
    );
    for (let run = 0; run < 60; run++) {
      const n = randInt(r, 1, 49);
      const scan = Array.from({ length: n }, () => {
        const k = randInt(r, 0, 20);
        const chosen = [...pool, T].sort(() => r() - 0.5).slice(0, k + 2);
        const organic = chosen.slice(0, k).map((b, j) => at(j + 1, b));
        const ads = chosen.slice(k, k + randInt(r, 0, 2)).map((b, j) => ad(j + 1, b));
        return point(organic, ads);
      });
      const { stats, competitorAnalysis: ca } = computeScanMetrics(scan, TARGET);
      expect(ca.competitors.length).toBeLessThanOrEqual(COMPETITORS_TABLE_LIMIT);
      expect(new Set(ca.competitors.map((c) => c.placeId)).size).toBe(ca.competitors.length);
      for (const c of ca.competitors) {
        expect(c.appearances).toBeGreaterThanOrEqual(1);
        expect(c.appearances).toBeLessThanOrEqual(n);
        expect(c.avgPosition).toBeGreaterThanOrEqual(1);
        expect(c.avgPosition).toBeLessThanOrEqual(20);
        for (const v of [c.localPackPercentage, c.visibilityIndex, c.compositeScore, c.adShare]) {
          expect(v).toBeGreaterThanOrEqual(0);
          expect(v).toBeLessThanOrEqual(100);
          expect(hasTwoDecimals(v)).toBe(true);
        }
        expect(c.compositeScore).toBeGreaterThanOrEqual(c.localPackPercentage);
        expect(c.compositeScore).toBeLessThanOrEqual((100 * c.appearances) / n + 0.01);
        expect(c.isAd).toBe(c.adShare > 0);
      }
      for (let k = 1; k < ca.competitors.length; k++) {
        const [prev, cur] = [ca.competitors[k - 1]!, ca.competitors[k]!];
        expect(cur.compositeScore).toBeLessThanOrEqual(prev.compositeScore);
      }
      const ours = ca.competitors.filter((c) => c.isOurBusiness);
      if (stats.foundPoints === 0) {
        expect(ca.ourRank).toBeNull();
        expect(ours).toHaveLength(0);
      } else {
        expect(ca.ourRank).not.toBeNull();
        expect(ours).toHaveLength(1);
        expect(ca.competitors[ca.ourRank! - 1]).toBe(ours[0]);
        expect(ours[0]).toMatchObject({
          compositeScore: stats.geoRank,
          visibilityIndex: stats.visibilityIndex,
          localPackPercentage: stats.localPackPercentage,
          avgPosition: stats.avgPosition,
          appearances: stats.foundPoints,
        });
      }
      expect(ca.positionDistribution).toEqual(stats.positionDistribution);
      expect(ca.visibilityIndex).toBe(stats.visibilityIndex);
      for (let k = 1; k < ca.ads.length; k++) expect(ca.ads[k]!.share).toBeLessThanOrEqual(ca.ads[k - 1]!.share);
      for (const a of ca.ads) {
        expect(a.share).toBeGreaterThan(0);
        expect(a.share).toBeLessThanOrEqual(100);
      }
      // Point order changes nothing.
      expect(computeCompetitorAnalysis([...scan].reverse(), TARGET)).toEqual(ca);
    }
  });
});

describe('scores are monotone in positions', () => {
  it('when one point improves (a better position, or found instead of +20), then no score drops, every score stays in 0–100 and the average over all points never rises', () => {
    const r = rng(20261122);
    for (let trial = 0; trial < 2000; trial++) {
      const n = randInt(r, 1, 60);
      const positions = Array.from({ length: n }, () => (r() < 0.3 ? null : randInt(r, 1, 20)));
      const i = randInt(r, 0, n - 1);
      const current = positions[i] ?? null;
      if (current === 1) continue;
      const improved = [...positions];
      improved[i] = current === null ? randInt(r, 1, 20) : randInt(r, 1, current - 1);
      const before = computeStats(positions);
      const after = computeStats(improved);
      for (const key of ['geoRank', 'visibilityIndex', 'localPackPercentage', 'foundPercentage'] as const) {
        expect(after[key]).toBeGreaterThanOrEqual(before[key]);
        expect(after[key]).toBeGreaterThanOrEqual(0);
        expect(after[key]).toBeLessThanOrEqual(100);
      }
      expect(after.avgTotalPosition).toBeLessThanOrEqual(before.avgTotalPosition);
    }
  });

  it('when a competitor improves at one point, then its composite score never drops', () => {
    const target: TargetBusiness = { placeId: 'ours', name: 'Nuestro Negocio', lat: MADRID.lat, lng: MADRID.lng };
    const r = rng(7);
    for (let trial = 0; trial < 300; trial++) {
      const n = randInt(r, 2, 20);
      const rival = Array.from({ length: n }, () => (r() < 0.3 ? null : randInt(r, 2, 20)));
      const points = (ps: (number | null)[]): MetricsPointInput[] =>
        ps.map((p) => ({
          lat: MADRID.lat,
          lng: MADRID.lng,
          ads: [],
          organic:
            p === null
              ? []
              : [{ position: p, name: 'Rival', address: '', rating: 4, userRatingCount: 10, placeId: 'rival', location: null, categories: [], isAd: false }],
        }));
      const i = randInt(r, 0, n - 1);
      const improved = [...rival];
      improved[i] = rival[i] === null ? 20 : Math.max(1, (rival[i] ?? 2) - 1);
      const score = (ps: (number | null)[]) => computeCompetitorAnalysis(points(ps), target).competitors.find((c) => c.placeId === 'rival')?.compositeScore ?? 0;
      expect(score(improved)).toBeGreaterThanOrEqual(score(rival));
    }
  });
});
