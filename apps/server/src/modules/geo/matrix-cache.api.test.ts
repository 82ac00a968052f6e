import { beforeAll, describe, expect, it } from 'vitest';
import { generateMatrix, toCoordinatesMatrix } from '@rankmaps/shared/geo/matrix';
import { GEO_TEST_DATA_DIR } from '../../../test/geo-data-dir';
import { createTestApp } from '../../../test/test-app';
import type { PlaceRow } from '../places/places.repository';
import { MATRICES_KEPT, coordinatesMatrixOf } from './coordinates-matrix';

// Málaga's port: a 9×9 grid of 3 km reaches into the sea, so the sea index drops points.
const MALAGA = { lat: 36.7128, lng: -4.4167 };
const placeWith = (gridSize: number, radius: number) => ({ id: 'p', matrixConfig: { gridSize, radius, coordinates: MALAGA } }) as unknown as PlaceRow;

describe('grids kept once made', async () => {
  const { container } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR });
  beforeAll(() => container.seaIndex.ready(), 300_000);

  it('when a grid is asked for twice, then the second is the same frozen grid, equal to one worked out afresh with the sea index', async () => {
    const first = await coordinatesMatrixOf(container, placeWith(9, 3000));
    const second = await coordinatesMatrixOf(container, placeWith(9, 3000));
    expect(second).toBe(first);
    const fresh = toCoordinatesMatrix(
      generateMatrix({ centerLat: MALAGA.lat, centerLng: MALAGA.lng, maxDistance: 3000, size: 9 }, { isSea: (lat, lng) => container.seaIndex.isSea(lat, lng) }),
      9,
    );
    expect(first).toEqual(fresh);
    expect(first.flat().some((cell) => cell === null)).toBe(true);
    // Shared by every caller: changing it is refused rather than seen by the next request.
    expect(Object.isFrozen(first) && Object.isFrozen(first[0]) && Object.isFrozen(first.flat().find(Boolean))).toBe(true);
    expect(() => first[0]!.push(null)).toThrow(TypeError);
  });

  it('when the size or radius differs, then it is another grid', async () => {
    const base = await coordinatesMatrixOf(container, placeWith(9, 3000));
    const wider = await coordinatesMatrixOf(container, placeWith(9, 3500));
    const bigger = await coordinatesMatrixOf(container, placeWith(11, 3000));
    expect(wider).not.toEqual(base);
    expect(bigger).toHaveLength(11);
  });

  it('when more grids are made than are kept, then the one used longest ago is worked out again, not one read since', async () => {
    // Small grids, each its own radius: MATRICES_KEPT of them fill what is kept.
    const grid = (radius: number) => coordinatesMatrixOf(container, placeWith(3, radius));
    const first = await grid(1000);
    const second = await grid(1001);
    for (let i = 2; i < MATRICES_KEPT; i++) await grid(1000 + i);
    expect(await grid(1000)).toBe(first);
    await grid(1000 + MATRICES_KEPT);
    expect(await grid(1000)).toBe(first);
    const secondAgain = await grid(1001);
    expect(secondAgain).not.toBe(second);
    expect(secondAgain).toEqual(second);
  });
});
