import { describe, expect, it } from 'vitest';
import { demoCatalogue } from '../places/demo';
import { createDemoMapsSearchProvider, hourSlot, simulateSearch } from './demo';
import { isoWeek } from './demo-random';
import type { MapsSearchRequest, MapsSearchResult } from './interface';

const WEDNESDAY = new Date('2025-03-12T10:00:00Z');
const NEXT_WEEK = new Date('2025-03-19T10:00:00Z');
const SAME_DAY_AFTERNOON = new Date('2025-03-12T16:00:00Z');

function targetFrom(placeId: string): NonNullable<MapsSearchRequest['target']> {
  const p = demoCatalogue().find((c) => c.placeId === placeId)!;
  return { placeId: p.placeId, name: p.name, lat: p.lat!, lng: p.lng!, rating: p.rating, totalReviews: p.totalReviews };
}

const dentist = targetFrom('demo-malaga-dentista-1');
const at = (lat: number, lng: number, extra: Partial<MapsSearchRequest> = {}): MapsSearchRequest => ({
  query: 'dentista',
  lat,
  lng,
  zoom: 13,
  languageCode: 'es',
  regionCode: 'ES',
  target: dentist,
  now: WEDNESDAY,
  ...extra,
});
const rankOf = (r: MapsSearchResult, placeId: string) => r.organic.find((o) => o.placeId === placeId)?.position;
/** A 25×25 grid, 250 m apart, centred on the point. */
const grid = (lat: number, lng: number) =>
  Array.from({ length: 625 }, (_, k) => ({ lat: lat + (Math.floor(k / 25) - 12) * 0.00225, lng: lng + ((k % 25) - 12) * 0.0028 }));

describe('demo maps search simulation', () => {
  const provider = createDemoMapsSearchProvider();

  it('when the same search runs twice, even from a new provider, then the results are identical', async () => {
    const request = at(36.7213, -4.4214);
    const first = await provider.search(request);
    expect(await provider.search(request)).toEqual(first);
    expect(await createDemoMapsSearchProvider().search(request)).toEqual(first);
    expect(first.organic.length).toBeGreaterThan(0);
  });

  it('when searching anywhere, then there are at most 20 organic results numbered 1..n and 0 to 2 ads kept apart', () => {
    const adCounts = new Set<number>();
    for (const p of grid(36.7213, -4.4214).filter((_, k) => k % 7 === 0)) {
      const { organic, ads } = simulateSearch(at(p.lat, p.lng));
      expect(organic.length).toBeLessThanOrEqual(20);
      expect(organic.map((o) => o.position)).toEqual(organic.map((_, i) => i + 1));
      expect(organic.every((o) => !o.isAd && o.name.length > 0 && o.placeId)).toBe(true);
      expect(new Set(organic.map((o) => o.placeId)).size).toBe(organic.length);
      expect(ads.length).toBeLessThanOrEqual(2);
      expect(ads.map((a) => a.position)).toEqual(ads.map((_, i) => i + 1));
      expect(ads.every((a) => a.isAd)).toBe(true);
      expect(ads.some((a) => a.placeId === dentist.placeId)).toBe(false);
      adCounts.add(ads.length);
    }
    expect([...adCounts].sort()).toEqual([0, 1, 2]);
  });

  it('when the business is searched from its own door for its category, then it ranks 1 to 3; 7 km away it ranks worse or not at all', () => {
    for (const [placeId, query] of [
      ['demo-malaga-dentista-1', 'dentista'],
      ['demo-madrid-veterinario-2', 'veterinario'],
      ['demo-valencia-abogado-3', 'abogados'],
    ] as const) {
      const target = targetFrom(placeId);
      const home = rankOf(simulateSearch(at(target.lat, target.lng, { query, target })), placeId);
      expect(home).toBeGreaterThanOrEqual(1);
      expect(home).toBeLessThanOrEqual(3);
      const away = rankOf(simulateSearch(at(target.lat + 0.063, target.lng, { query, target })), placeId);
      expect(away ?? 21).toBeGreaterThan(home!);
    }
  });

  it('when moving 100 m at a time across lattice cells, then the top 10 barely changes and businesses keep their coordinates', () => {
    let previous: MapsSearchResult | undefined;
    const seen = new Map<string, string>();
    for (let k = -30; k <= 30; k++) {
      const result = simulateSearch(at(dentist.lat + k * 0.0009, dentist.lng + k * 0.0004));
      for (const o of result.organic) {
        const where = JSON.stringify([o.name, o.address, o.location]);
        expect(seen.get(o.placeId!) ?? where).toBe(where);
        seen.set(o.placeId!, where);
      }
      if (previous) {
        const before = previous.organic.slice(0, 10).map((o) => o.placeId);
        const shared = result.organic.slice(0, 10).filter((o) => before.includes(o.placeId)).length;
        expect(shared).toBeGreaterThanOrEqual(6);
      }
      previous = result;
    }
  });

  it('when the same instant is searched again, or another minute of the same hour, then the results are identical', () => {
    for (const p of grid(dentist.lat, dentist.lng).filter((_, k) => k % 78 === 0)) {
      const first = simulateSearch(at(p.lat, p.lng));
      expect(simulateSearch(at(p.lat, p.lng, { now: new Date(WEDNESDAY) }))).toEqual(first);
      expect(simulateSearch(at(p.lat, p.lng, { now: new Date('2025-03-12T10:59:59Z') }))).toEqual(first);
    }
    expect(hourSlot(WEDNESDAY)).toBe(hourSlot(new Date('2025-03-12T10:59:59.999Z')));
    expect(hourSlot(new Date('2025-03-12T11:00:00Z'))).toBe(hourSlot(WEDNESDAY) + 1);
  });

  it('when a scan runs at another hour of the same day, the next day or the next week, then results move a little: a position or two, never a new market', () => {
    for (const later of [SAME_DAY_AFTERNOON, new Date('2025-03-13T10:00:00Z'), NEXT_WEEK]) {
      let changed = 0;
      for (const p of grid(dentist.lat, dentist.lng).filter((_, k) => k % 26 === 0)) {
        const before = simulateSearch(at(p.lat, p.lng));
        const after = simulateSearch(at(p.lat, p.lng, { now: later }));
        if (JSON.stringify(after.organic) !== JSON.stringify(before.organic)) changed++;
        const kept = after.organic.filter((o) => before.organic.some((b) => b.placeId === o.placeId)).length;
        expect(kept).toBeGreaterThanOrEqual(before.organic.length - 3);
        const [was, now] = [rankOf(before, dentist.placeId), rankOf(after, dentist.placeId)];
        if (was !== undefined && now !== undefined && was <= 10) expect(Math.abs(now - was)).toBeLessThanOrEqual(3);
      }
      expect(changed, later.toISOString()).toBeGreaterThan(0);
    }
    expect(isoWeek(WEDNESDAY)).toBe('2025-W11');
    expect(isoWeek(new Date('2021-01-03T12:00:00Z'))).toBe('2020-W53');
  });

  it('when two scans of a keyword run hours apart on one day, then their GeoRank differs by a few points, so a trend has something to show', () => {
    const geoRankAt = (now: Date) => {
      const found = grid(dentist.lat, dentist.lng)
        .filter((_, k) => k % 5 === 0)
        .map((p) => rankOf(simulateSearch(at(p.lat, p.lng, { now })), dentist.placeId) ?? 21);
      return (100 * found.reduce((sum, r) => sum + (r <= 3 ? 1 : r <= 10 ? 0.5 : r <= 20 ? 0.25 : 0), 0)) / found.length;
    };
    const morning = geoRankAt(WEDNESDAY);
    const scores = [morning, ...[13, 16, 19].map((h) => geoRankAt(new Date(`2025-03-12T${h}:00:00Z`)))];
    expect(new Set(scores).size).toBeGreaterThan(1);
    for (const s of scores) expect(Math.abs(s - morning)).toBeLessThanOrEqual(10);
  });

  it('when the query differs only in accents, case or spacing, then the results are the same', () => {
    const plain = simulateSearch(at(40.4168, -3.7038, { query: 'peluqueria', target: undefined }));
    expect(simulateSearch(at(40.4168, -3.7038, { query: '  PELUQUERÍA ', target: undefined }))).toEqual(plain);
    expect(plain.organic.every((o) => o.categories[0] === 'Peluquería')).toBe(true);
    expect(simulateSearch(at(40.4168, -3.7038, { query: 'clínica dental', target: undefined })).organic[0]?.categories).toEqual(['Clínica dental']);
  });

  it('when two keywords name the same category, then they meet the same businesses, ordered by how well names match', () => {
    const byCategory = simulateSearch(at(dentist.lat, dentist.lng, { query: 'dentista' }));
    const byName = simulateSearch(at(dentist.lat, dentist.lng, { query: 'clínica dental' }));
    const shared = byName.organic.filter((o) => byCategory.organic.some((c) => c.placeId === o.placeId)).length;
    expect(shared).toBeGreaterThanOrEqual(15);
    expect(byName.organic.map((o) => o.placeId)).not.toEqual(byCategory.organic.map((o) => o.placeId));
  });

  it('when the keyword is of no known category, then a market named after it still answers, in Spanish', () => {
    const { organic } = simulateSearch(at(41.3874, 2.1686, { query: 'tienda de bicicletas', target: undefined }));
    expect(organic.length).toBeGreaterThan(5);
    expect(organic.every((o) => o.categories[0] === 'Tienda de bicicletas' && o.address.endsWith('Barcelona, España'))).toBe(true);
  });

  it('when a service-area business ranks, then it has no location, as in Google Maps', () => {
    const plumber = demoCatalogue().find((p) => p.serviceArea && p.placeId.startsWith('demo-malaga-fontanero-'))!;
    const found = grid(36.7213, -4.4214)
      .filter((_, k) => k % 13 === 0)
      .flatMap((p) => simulateSearch(at(p.lat, p.lng, { query: 'fontanero', target: undefined })).organic)
      .find((o) => o.placeId === plumber.placeId);
    expect(found).toMatchObject({ address: 'Málaga, España', location: null });
  });

  it('when a 25×25 scan runs (625 searches), then it takes well under a second', async () => {
    const started = performance.now();
    let found = 0;
    for (const p of grid(dentist.lat, dentist.lng)) if (rankOf(await provider.search(at(p.lat, p.lng)), dentist.placeId)) found++;
    const elapsed = performance.now() - started;
    expect(found).toBeGreaterThan(0);
    expect(found).toBeLessThan(625);
    expect(elapsed).toBeLessThan(1000);
  });

  it('when the caller has already aborted, then the search rejects with its reason', async () => {
    const controller = new AbortController();
    controller.abort(new Error('escaneo cancelado'));
    await expect(provider.search(at(36.7213, -4.4214), controller.signal)).rejects.toThrow('escaneo cancelado');
  });
});
