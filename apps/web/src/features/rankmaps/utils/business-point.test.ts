import { describe, expect, it } from 'vitest';
import { businessPoint } from './business-point';

describe('businessPoint', () => {
  it('gives the business’s own point', () => {
    expect(businessPoint({ latitude: 40.4168, longitude: -3.7038 })).toEqual({ lat: 40.4168, lng: -3.7038 });
  });

  it('gives nothing for a service-area business without a point, or a broken one', () => {
    expect(businessPoint({ latitude: null, longitude: null })).toBeNull();
    expect(businessPoint({ latitude: 40.4, longitude: null })).toBeNull();
    expect(businessPoint({ latitude: Number.NaN, longitude: 2 })).toBeNull();
  });
});
