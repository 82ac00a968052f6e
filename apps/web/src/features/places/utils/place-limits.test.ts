import { describe, expect, it } from 'vitest';
import { mapsUrl, placesAllowance } from './place-limits';

describe('placesAllowance', () => {
  it('when a basic plan is at its limit, then adding is refused; below it, allowed', () => {
    expect(placesAllowance({ type: 'basic', places: 1 }, 1)).toEqual({ canAdd: false, unlimited: false, limit: 1 });
    expect(placesAllowance({ type: 'basic', places: 3 }, 2).canAdd).toBe(true);
  });

  it('when the plan is pro or unlimited, then adding is always allowed', () => {
    expect(placesAllowance({ type: 'pro', places: 1 }, 40)).toMatchObject({ canAdd: true, unlimited: true });
    expect(placesAllowance({ type: 'basic', places: -1 }, 40)).toMatchObject({ canAdd: true, unlimited: true });
  });

  it('when the profile has no limits, then the fallback of 1 place applies', () => {
    expect(placesAllowance(null, 0)).toMatchObject({ canAdd: true, limit: 1 });
    expect(placesAllowance(undefined, 1)).toMatchObject({ canAdd: false, limit: 1 });
  });
});

describe('mapsUrl', () => {
  it('when the place has a Google id, then the link pins it; a demo id searches by name and address', () => {
    expect(mapsUrl({ name: 'Dental Sol', address: 'Calle Larios 1, Málaga', googlePlaceId: 'ChIJabc' })).toBe(
      'https://www.google.com/maps/search/?api=1&query=Dental%20Sol%2C%20Calle%20Larios%201%2C%20M%C3%A1laga&query_place_id=ChIJabc',
    );
    expect(mapsUrl({ name: 'Dental Sol', address: 'Málaga', googlePlaceId: 'demo-malaga-dentista-1' })).not.toContain('query_place_id');
  });
});
