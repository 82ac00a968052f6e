import { describe, expect, it } from 'vitest';
import { createTargetMatchStep, matchTarget, targetPosition } from './matching';
import type { MetricsResultItem, TargetBusiness } from './types';

// Our business is recognised by the provider's place id, then by Google's customer id (cid),
// then by normalised name within 250 m (docs/decisions.md §21): each step and their order.

const MADRID = { lat: 40.4168, lng: -3.7038 };
const M_PER_DEG = 111_195.08;
const north = (metres: number) => ({ latitude: MADRID.lat + metres / M_PER_DEG, longitude: MADRID.lng });

const TARGET: TargetBusiness = {
  placeId: 'ChIJ-ours',
  name: 'Clínica Dental Sonrisa',
  lat: MADRID.lat,
  lng: MADRID.lng,
  cid: '13034446738386624530',
};

function result(over: Partial<MetricsResultItem> = {}): MetricsResultItem {
  return {
    position: 1,
    name: 'Otro Negocio',
    address: 'Calle Mayor 1, Madrid',
    rating: 4.5,
    userRatingCount: 10,
    placeId: null,
    location: north(5_000),
    categories: [],
    isAd: false,
    ...over,
  };
}

const step = createTargetMatchStep(TARGET);

describe('matching our business: place id, then cid, then name and distance', () => {
  it('when the place id is ours, then it is us by place id, whatever the name, place or cid', () => {
    expect(step(result({ placeId: 'ChIJ-ours' }))).toBe('placeId');
    expect(step(result({ placeId: 'ChIJ-ours', cid: '999' }))).toBe('placeId');
  });

  it('when the place id differs but the cid is ours, then it is us by cid (Google reissued the place id)', () => {
    expect(step(result({ placeId: 'ChIJ-reissued', cid: '13034446738386624530' }))).toBe('cid');
    expect(step(result({ placeId: null, cid: ' 13034446738386624530 ' }))).toBe('cid');
  });

  it('when both sides have a cid and they differ, then it is not us, even with our name next door', () => {
    expect(step(result({ name: TARGET.name, location: north(0), cid: '42' }))).toBeNull();
  });

  it('when the result has another place id and no cid to compare, then it is not us, even with our name next door', () => {
    expect(step(result({ name: TARGET.name, location: north(0), placeId: 'ChIJ-other' }))).toBeNull();
  });

  it('when the result has neither id, then our name within 250 m is us; beyond it, or another name, is not', () => {
    expect(step(result({ name: 'CLINICA DENTAL-SONRISA', location: north(200) }))).toBe('name');
    expect(step(result({ name: TARGET.name, location: north(300) }))).toBeNull();
    expect(step(result({ name: 'Clínica Dental Sonrisas', location: north(0) }))).toBeNull();
  });

  it('when the cid is only on one side, then it is not compared and the next step decides', () => {
    const withoutCid = createTargetMatchStep({ ...TARGET, cid: null });
    expect(withoutCid(result({ placeId: null, cid: '13034446738386624530', name: TARGET.name, location: north(10) }))).toBe('name');
    expect(withoutCid(result({ placeId: 'ChIJ-reissued', cid: '13034446738386624530' }))).toBeNull();
    expect(step(result({ placeId: null, cid: '', name: TARGET.name, location: north(10) }))).toBe('name');
  });

  it('when the target has no place id, then a result with one is still told apart by the cid', () => {
    const noPlaceId = createTargetMatchStep({ ...TARGET, placeId: '' });
    expect(noPlaceId(result({ placeId: 'ChIJ-x', cid: TARGET.cid }))).toBe('cid');
    expect(noPlaceId(result({ placeId: 'ChIJ-x' }))).toBeNull();
  });

  it('when the results come from DataForSEO with a cid on each, then our position is found by cid among namesakes', () => {
    const point = {
      ...MADRID,
      organic: [
        result({ position: 1, name: TARGET.name, placeId: 'ChIJ-branch', cid: '1', location: north(100) }),
        result({ position: 2, name: 'Dental Centro', placeId: 'ChIJ-centro', cid: '2' }),
        result({ position: 3, name: TARGET.name, placeId: 'ChIJ-new-id', cid: TARGET.cid }),
      ],
      ads: [],
    };
    expect(targetPosition(point, TARGET)).toBe(3);
    expect(matchTarget(point.organic[0]!, TARGET)).toBe(false);
  });
});
