import { describe, expect, it } from 'vitest';
import type { MetricsResultItem } from '@rankmaps/shared/metrics';
import { BusinessRegistry, businessKey, resultsFromRefs, type StoredBusiness } from './result-businesses';

const item = (placeId: string | null, name: string, position: number, extra: Partial<MetricsResultItem> = {}): MetricsResultItem => ({
  position,
  name,
  address: `Calle ${name}, 1, Madrid`,
  rating: 4.5,
  userRatingCount: 10,
  placeId,
  location: { latitude: 40.4, longitude: -3.7 },
  categories: ['Clínica dental'],
  isAd: false,
  ...extra,
});

describe('businessKey', () => {
  it('when the provider gave a place id, then it is the key; without one (or empty), name and address are', () => {
    expect(businessKey(item('ChIJ123', 'A', 1))).toBe('ChIJ123');
    expect(businessKey(item(null, 'Taller Pepe', 1))).toBe('~Taller Pepe|Calle Taller Pepe, 1, Madrid');
    expect(businessKey(item('', 'Taller Pepe', 1))).toBe('~Taller Pepe|Calle Taller Pepe, 1, Madrid');
  });
});

describe('BusinessRegistry', () => {
  it('when points name the same businesses, then each is numbered once, in the order met, and handed out once to store', () => {
    const registry = new BusinessRegistry();
    expect(registry.refsOf([item('a', 'A', 1), item('b', 'B', 2)])).toEqual([
      [0, 1],
      [1, 2],
    ]);
    expect(registry.refsOf([item('b', 'B', 1), item(null, 'C', 2), item('a', 'A', 3)])).toEqual([
      [1, 1],
      [2, 2],
      [0, 3],
    ]);
    expect(registry.takeNew().map((b) => [b.ref, b.key])).toEqual([
      [0, 'a'],
      [1, 'b'],
      [2, '~C|Calle C, 1, Madrid'],
    ]);
    expect(registry.takeNew()).toEqual([]);
    expect(registry.size).toBe(3);
  });

  it('when a scan resumes from stored businesses, then known ones keep their refs and new ones continue the numbering', () => {
    const registry = new BusinessRegistry([
      { ref: 0, key: 'a' },
      { ref: 1, key: 'b' },
    ]);
    expect(registry.refsOf([item('b', 'B', 1), item('z', 'Z', 2)])).toEqual([
      [1, 1],
      [2, 2],
    ]);
    expect(registry.takeNew().map((b) => b.ref)).toEqual([2]);
  });

  it('when a business is stored, then only what is the same at every point is kept (no position, no ad flag)', () => {
    const registry = new BusinessRegistry();
    registry.refsOf([item('a', 'A', 7, { isAd: true })]);
    expect(registry.takeNew()[0]!.business).toEqual({
      name: 'A',
      address: 'Calle A, 1, Madrid',
      rating: 4.5,
      userRatingCount: 10,
      placeId: 'a',
      location: { latitude: 40.4, longitude: -3.7 },
      categories: ['Clínica dental'],
    });
  });
});

describe('resultsFromRefs', () => {
  it('when pairs are read back, then the results are rebuilt in order with their positions and the list’s ad flag', () => {
    const registry = new BusinessRegistry();
    const organic = [item('a', 'A', 1), item(null, 'C', 2), item('b', 'B', 4, { rating: null, location: null })];
    const ads = [item('b', 'B', 1, { rating: null, location: null, isAd: true })];
    const organicRefs = registry.refsOf(organic);
    const adRefs = registry.refsOf(ads);
    const businesses = new Map<number, StoredBusiness>(registry.takeNew().map((b) => [b.ref, b.business]));
    expect(resultsFromRefs(organicRefs, businesses, false)).toEqual(organic);
    expect(resultsFromRefs(adRefs, businesses, true)).toEqual(ads);
  });

  it('when the provider gave a cid and a domain, then they are stored and read back, so matching and ad joins work on stored points too', () => {
    const registry = new BusinessRegistry();
    const organic = [item('a', 'A', 1, { cid: '13034446738386624530', domain: 'a.es' }), item('b', 'B', 2)];
    const ads = [item(null, 'A', 1, { isAd: true, domain: 'a.es' })];
    const organicRefs = registry.refsOf(organic);
    const adRefs = registry.refsOf(ads);
    const stored = registry.takeNew();
    expect(stored[0]!.business).toMatchObject({ cid: '13034446738386624530', domain: 'a.es' });
    // Nothing is stored for what the provider did not give.
    expect(Object.keys(stored[1]!.business)).not.toContain('cid');
    const businesses = new Map<number, StoredBusiness>(stored.map((s) => [s.ref, s.business]));
    expect(resultsFromRefs(organicRefs, businesses, false)).toEqual(organic);
    expect(resultsFromRefs(adRefs, businesses, true)).toEqual(ads);
  });

  it('when a ref has no business, then it is left out rather than shown without a name', () => {
    const businesses = new Map<number, StoredBusiness>([[0, { name: 'A', address: '', rating: null, userRatingCount: 0, placeId: 'a', location: null, categories: [] }]]);
    expect(
      resultsFromRefs(
        [
          [0, 1],
          [5, 2],
        ],
        businesses,
        false,
      ).map((r) => r.name),
    ).toEqual(['A']);
  });
});
