import { describe, expect, it } from 'vitest';
import { computeCompetitorAnalysis, domainKey } from './competitors';
import type { MetricsPointInput, MetricsResultItem, TargetBusiness } from './types';

// Ads joined to the organic competitors (docs/decisions.md §21). DataForSEO's `maps_paid_item`
// (https://docs.dataforseo.com/v3/serp/google/maps/live/advanced/) carries the business's title
// and domain but no place_id, so an ad is joined by name (and domain, when both sides know it).

const MADRID = { lat: 40.4168, lng: -3.7038 };
const M_PER_DEG = 111_195.08;
const north = (metres: number) => ({ latitude: MADRID.lat + metres / M_PER_DEG, longitude: MADRID.lng });

const TARGET: TargetBusiness = { placeId: 'ChIJ-ours', name: 'Clínica Dental Sonrisa', lat: MADRID.lat, lng: MADRID.lng };

/** An organic result as DataForSEO's maps_search item gives it: place_id, cid, domain and coordinates. */
function organic(position: number, name: string, placeId: string, over: Partial<MetricsResultItem> = {}): MetricsResultItem {
  return {
    position,
    name,
    address: `Calle de ${name}, Madrid`,
    rating: 4.5,
    userRatingCount: 20,
    placeId,
    location: north(1_000),
    categories: ['Dentista'],
    isAd: false,
    ...over,
  };
}

/** An ad as DataForSEO's maps_paid_item gives it: the title and domain, no place_id. */
function paid(position: number, name: string, over: Partial<MetricsResultItem> = {}): MetricsResultItem {
  return {
    position,
    name,
    address: '',
    rating: null,
    userRatingCount: 0,
    placeId: null,
    location: null,
    categories: [],
    isAd: true,
    domain: null,
    ...over,
  };
}

const point = (organicItems: MetricsResultItem[], ads: MetricsResultItem[] = []): MetricsPointInput => ({
  ...MADRID,
  organic: organicItems,
  ads,
});

const centro = (position: number, over: Partial<MetricsResultItem> = {}) =>
  organic(position, 'Dental Centro', 'ChIJ-centro', { domain: 'dentalcentro.es', ...over });
const us = (position: number) => organic(position, TARGET.name, TARGET.placeId, { location: north(0) });

describe('ads joined to the organic competitors', () => {
  it('when an ad without place id has the name and domain of an organic competitor, then that row is the advertiser and the ad detector names it', () => {
    const points = [
      point([centro(1), us(2)], [paid(1, 'DENTAL CENTRO', { domain: 'https://www.DentalCentro.es/citas' })]),
      point([us(1), centro(2)], [paid(1, 'Dental Centro', { domain: 'dentalcentro.es' })]),
      point([centro(1)], []),
      point([us(3)], []),
    ];
    const analysis = computeCompetitorAnalysis(points, TARGET);
    const row = analysis.competitors.find((c) => c.placeId === 'ChIJ-centro')!;
    // 2 of 4 points: 50 %.
    expect(row).toMatchObject({ isAd: true, adShare: 50, appearances: 3 });
    expect(analysis.ads).toEqual([{ placeId: 'ChIJ-centro', name: 'Dental Centro', share: 50, appearances: 2, isOurBusiness: false }]);
    // The table and the detector agree: every advertiser in the table is in the detector with the same share.
    for (const c of analysis.competitors.filter((x) => x.isAd))
      expect(analysis.ads.find((a) => a.placeId === c.placeId)?.share).toBe(c.adShare);
    // Joining an ad adds no organic appearance and no row.
    expect(analysis.competitors).toHaveLength(2);
  });

  it('when the ad’s domain differs from the competitor’s, then it is another business, seen only as an ad', () => {
    const analysis = computeCompetitorAnalysis(
      [point([centro(1)], [paid(1, 'Dental Centro', { domain: 'franquicia-dental.com' })])],
      TARGET,
    );
    expect(analysis.competitors.find((c) => c.placeId === 'ChIJ-centro')).toMatchObject({ isAd: false, adShare: 0 });
    expect(analysis.ads).toHaveLength(1);
    expect(analysis.ads[0]).toMatchObject({ name: 'Dental Centro', share: 100, isOurBusiness: false });
    expect(analysis.ads[0]!.placeId.startsWith('local:dentalcentro')).toBe(true);
  });

  it('when only one side knows the domain, then the name is enough', () => {
    const noDomain = computeCompetitorAnalysis(
      [point([centro(1, { domain: null })], [paid(1, 'Dental Centro', { domain: 'dentalcentro.es' })])],
      TARGET,
    );
    expect(noDomain.competitors[0]).toMatchObject({ placeId: 'ChIJ-centro', isAd: true, adShare: 100 });
    const adWithout = computeCompetitorAnalysis([point([centro(1)], [paid(1, 'Dental Centro')])], TARGET);
    expect(adWithout.competitors[0]).toMatchObject({ placeId: 'ChIJ-centro', isAd: true });
  });

  it('when two branches share the name, then a located ad joins the branch within 250 m, and none when both are farther', () => {
    const north1 = organic(1, 'Dental Centro', 'ChIJ-norte', { location: north(3_000) });
    const south1 = organic(2, 'Dental Centro', 'ChIJ-sur', { location: north(-3_000) });
    const near = computeCompetitorAnalysis([point([north1, south1], [paid(1, 'Dental Centro', { location: north(-2_900) })])], TARGET);
    expect(near.competitors.find((c) => c.placeId === 'ChIJ-sur')).toMatchObject({ isAd: true });
    expect(near.competitors.find((c) => c.placeId === 'ChIJ-norte')).toMatchObject({ isAd: false });
    const far = computeCompetitorAnalysis([point([north1, south1], [paid(1, 'Dental Centro', { location: north(0) })])], TARGET);
    expect(far.competitors.every((c) => !c.isAd)).toBe(true);
    expect(far.ads).toHaveLength(1);
  });

  it('when an ad and a competitor carry different cids, then they are not joined; the same cid joins', () => {
    const withCid = centro(1, { cid: '111' });
    expect(computeCompetitorAnalysis([point([withCid], [paid(1, 'Dental Centro', { cid: '222' })])], TARGET).competitors[0]!.isAd).toBe(
      false,
    );
    expect(computeCompetitorAnalysis([point([withCid], [paid(1, 'Dental Centro', { cid: '111' })])], TARGET).competitors[0]!.isAd).toBe(
      true,
    );
  });

  it('when an ad has our name, then it is ours only within 250 m of our business (or with no location to check)', () => {
    const ours = computeCompetitorAnalysis(
      [point([us(2)], [paid(1, 'clinica dental sonrisa', { location: north(100) })]), point([us(1)], [paid(1, TARGET.name)])],
      TARGET,
    );
    expect(ours.competitors.find((c) => c.isOurBusiness)).toMatchObject({ isAd: true, adShare: 100, appearances: 2 });
    expect(ours.ads).toEqual([{ placeId: TARGET.placeId, name: TARGET.name, share: 100, appearances: 2, isOurBusiness: true }]);

    const elsewhere = computeCompetitorAnalysis([point([us(2)], [paid(1, TARGET.name, { location: north(1_500) })])], TARGET);
    expect(elsewhere.competitors.find((c) => c.isOurBusiness)).toMatchObject({ isAd: false, adShare: 0 });
    expect(elsewhere.ads).toHaveLength(1);
    expect(elsewhere.ads[0]!.isOurBusiness).toBe(false);
  });

  it('when an ad never counts, then organic positions are unchanged by joining it', () => {
    const withAds = computeCompetitorAnalysis([point([centro(3), us(1)], [paid(1, 'Dental Centro'), paid(2, TARGET.name)])], TARGET);
    const without = computeCompetitorAnalysis([point([centro(3), us(1)])], TARGET);
    const strip = (a: typeof withAds) => a.competitors.map(({ isAd: _isAd, adShare: _adShare, ...rest }) => rest);
    expect(strip(withAds)).toEqual(strip(without));
    expect(withAds.competitors.map((c) => c.isAd)).toEqual([true, true]);
  });
});

describe('domainKey', () => {
  it('compares domains without scheme, www, path, port, trailing dot or case', () => {
    expect(domainKey('https://www.DentalCentro.es/citas?x=1')).toBe('dentalcentro.es');
    expect(domainKey('dentalcentro.es.')).toBe('dentalcentro.es');
    expect(domainKey('dentalcentro.es:443')).toBe('dentalcentro.es');
    expect(domainKey('  ')).toBeNull();
    expect(domainKey(null)).toBeNull();
    expect(domainKey(undefined)).toBeNull();
  });
});
