import { describe, expect, it } from 'vitest';
import { pointEntries } from './point-entries';
import { item, point } from './results-fixtures';

describe('pointEntries', () => {
  const result = point({
    businessAnalysis: { found: true, position: 2 },
    googleResults: [
      item({ position: 2, name: 'Ours (matched by name)', placeId: null }),
      item({ position: 1, name: 'Ad', isAd: true, placeId: 'ad1' }),
      item({ position: 1, name: 'First', placeId: 'x' }),
      item({ position: 3, name: 'Third', placeId: 'y' }),
    ],
  });

  it('lists ads first, then the organic results by position', () => {
    const { ads, organic } = pointEntries(result, 'ours');
    expect(ads.map((e) => e.name)).toEqual(['Ad']);
    expect(organic.map((e) => e.name)).toEqual(['First', 'Ours (matched by name)', 'Third']);
  });

  it('marks our business by place id, or at our matched position', () => {
    expect(
      pointEntries(result, 'ours')
        .organic.filter((e) => e.isOurs)
        .map((e) => e.name),
    ).toEqual(['Ours (matched by name)']);
    const byId = pointEntries(point({ googleResults: [item({ placeId: 'ours', isAd: true }), item({ placeId: 'ours' })] }), 'ours');
    expect(byId.ads[0]!.isOurs).toBe(true);
    expect(byId.organic[0]!.isOurs).toBe(true);
    // An empty id never matches an empty "our id".
    expect(pointEntries(point({ googleResults: [item({ placeId: '' })] }), '').organic[0]!.isOurs).toBe(false);
  });
});
