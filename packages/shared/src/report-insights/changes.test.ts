import { describe, expect, it } from 'vitest';
import type { MetricDelta } from '../metrics/compare';
import { changesFinding } from './changes';
import { noReferenceMetrics } from './test-grids';

const geoRank = (
  reference: number | null,
  current: number,
  delta: number | null = reference === null ? null : current - reference,
): MetricDelta => ({
  key: 'geoRank',
  better: 'higher',
  current,
  reference,
  delta,
  trend: null,
});
const counts = (c: Partial<Record<'improved' | 'worsened' | 'same' | 'newlyFound' | 'lost' | 'notComparable', number>>) => ({
  improved: 0,
  worsened: 0,
  same: 0,
  newlyFound: 0,
  lost: 0,
  notComparable: 0,
  ...c,
});

describe('report insights: what changed since last time', () => {
  it('says nothing without a previous analysis', () => {
    expect(changesFinding(noReferenceMetrics(), null)).toBeNull();
    expect(changesFinding([], null)).toBeNull();
    // A comparison where nothing could be compared says nothing either.
    expect(changesFinding(noReferenceMetrics(), counts({ notComparable: 49 }))).toBeNull();
  });

  it('gives the GeoRank from a to b and the movement counts', () => {
    const f = changesFinding(
      [geoRank(42.5, 51.25, 8.75)],
      counts({ improved: 12, worsened: 5, same: 30, newlyFound: 1, lost: 1, notComparable: 0 }),
    );
    expect(f?.insight).toEqual({
      rule: 'changes',
      text:
        'Desde el análisis anterior, tu GeoRank ha pasado de 42,5 a 51,25 (+8,75). ' +
        'Punto a punto, mejoras en 12 puntos, empeoras en 5, sigues igual en 30, apareces por primera vez en 1 y dejas de aparecer en 1.',
      figures: { geoRankFrom: 42.5, geoRankTo: 51.25, geoRankDelta: 8.75, improved: 12, worsened: 5, same: 30, newlyFound: 1, lost: 1 },
    });
  });

  it('writes a fall with a minus sign, a standstill as such, and leaves out the counts that are zero', () => {
    expect(changesFinding([geoRank(60, 47.5)], counts({ worsened: 1, same: 48 }))?.insight.text).toBe(
      'Desde el análisis anterior, tu GeoRank ha pasado de 60 a 47,5 (−12,5). Punto a punto, empeoras en 1 punto y sigues igual en 48.',
    );
    expect(changesFinding([geoRank(33.33, 33.33)], null)?.insight).toEqual({
      rule: 'changes',
      text: 'Desde el análisis anterior, tu GeoRank se mantiene en 33,33.',
      figures: { geoRankFrom: 33.33, geoRankTo: 33.33, geoRankDelta: 0 },
    });
  });

  it('gives the movement alone when the GeoRank has no reference', () => {
    expect(changesFinding(noReferenceMetrics(), counts({ newlyFound: 3, notComparable: 2 }))?.insight).toEqual({
      rule: 'changes',
      text: 'Punto a punto, apareces por primera vez en 3 puntos.',
      figures: { newlyFound: 3 },
    });
  });
});
