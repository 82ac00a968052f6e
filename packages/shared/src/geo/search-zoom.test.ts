import { describe, expect, it } from 'vitest';
import { GRID_SIZES, RADIUS_MAX_M, RADIUS_MIN_M, RADIUS_STEP_M } from '../plans';
import { SEARCH_ZOOM_STEPS, gridSpacingKm, searchZoomForGrid, searchZoomForSpacing } from './search-zoom';

/** Width in km of a 400-px phone map at this zoom and latitude (Web Mercator). */
const viewKm = (zoom: number, lat: number) => (400 * 156543.03 * Math.cos((lat * Math.PI) / 180)) / 2 ** zoom / 1000;

describe('search zoom from the grid spacing', () => {
  it('when the grid is 2 × radius over gridSize − 1 gaps, then the spacing follows', () => {
    expect(gridSpacingKm(7, 1500)).toBeCloseTo(0.5, 10);
    expect(gridSpacingKm(3, 7000)).toBeCloseTo(7, 10);
    expect(gridSpacingKm(25, 200)).toBeCloseTo(1 / 60, 10);
    expect(() => gridSpacingKm(1, 1500)).toThrow(RangeError);
    expect(() => gridSpacingKm(7, 0)).toThrow(RangeError);
  });

  it.each([
    [0.1, 16], [0.35, 16], [0.36, 15], [0.5, 15], [0.75, 15], [0.76, 14], [1.5, 14], [1.6, 13],
    [3, 13], [3.1, 12], [6, 12], [6.1, 11], [14, 11],
  ])('when the spacing is %s km, then the zoom is %i', (spacing, zoom) => {
    expect(searchZoomForSpacing(spacing)).toBe(zoom);
  });

  it('when a 7×7 grid of 1500 m (500 m apart) is searched, then it is at 15z; a 3×3 of 7 km at 11z', () => {
    expect(searchZoomForGrid(7, 1500)).toBe(15);
    expect(searchZoomForGrid(3, 7000)).toBe(11);
    expect(searchZoomForGrid(15, 1500)).toBe(16);
  });

  it('when any grid the plans allow is searched, then a 40° phone view at its zoom spans two spacings, and one step closer would not', () => {
    for (const size of GRID_SIZES) {
      for (let radius = RADIUS_MIN_M; radius <= RADIUS_MAX_M; radius += RADIUS_STEP_M) {
        const spacing = gridSpacingKm(size, radius);
        const zoom = searchZoomForGrid(size, radius);
        expect(zoom).toBeGreaterThanOrEqual(11);
        expect(zoom).toBeLessThanOrEqual(16);
        // The thresholds are rounded half-widths, so allow the rounding (5%).
        if (zoom > 11) expect(viewKm(zoom, 40)).toBeGreaterThanOrEqual(2 * spacing * 0.95);
        if (zoom < 16) expect(viewKm(zoom + 1, 40)).toBeLessThan(2 * spacing * 1.05);
      }
    }
  });

  it('when the steps are read in order, then spacings grow as zooms fall one by one', () => {
    SEARCH_ZOOM_STEPS.forEach((step, i) => {
      if (i === 0) return;
      expect(step.maxSpacingKm).toBeGreaterThan(SEARCH_ZOOM_STEPS[i - 1]!.maxSpacingKm);
      expect(step.zoom).toBe(SEARCH_ZOOM_STEPS[i - 1]!.zoom - 1);
    });
  });
});
