import { describe, expect, it } from 'vitest';
import { missingPlaceData, onlyResult } from './missing-place-data';

describe('missingPlaceData', () => {
  it('names the first missing piece: the business, then the centre, then the grid', () => {
    expect(missingPlaceData({ selected: false, center: false, grid: false })).toBe('business');
    expect(missingPlaceData({ selected: true, center: false, grid: true })).toBe('center');
    expect(missingPlaceData({ selected: true, center: true, grid: false })).toBe('grid');
    expect(missingPlaceData({ selected: true, center: true, grid: true })).toBeNull();
  });
});

describe('onlyResult', () => {
  it('takes a single located result at once, and leaves none or several to the user', () => {
    const malaga = { label: 'Málaga, España', lat: 36.72, lng: -4.42 };
    expect(onlyResult([malaga])).toBe(malaga);
    expect(onlyResult([])).toBeNull();
    expect(onlyResult(undefined)).toBeNull();
    expect(onlyResult([malaga, { ...malaga, label: 'Málaga, Colombia' }])).toBeNull();
  });
});
