import { beforeAll, describe, expect, it } from 'vitest';
import { coastlineInBox } from './coastline';
import { type SeaIndexData, buildSeaIndexData } from './sea-index-build';
import type { SeaRings } from './sea-polygons';

/** Rings as the source stores them: [lng, lat] vertices, each ring closed. */
function ringsOf(rings: [number, number][][]): SeaRings {
  const xy = Float64Array.from(rings.flat().flat());
  const ringStart = Int32Array.from([0, ...rings.map((_, i) => rings.slice(0, i + 1).reduce((n, r) => n + r.length, 0))]);
  return { xy, ringStart, ringCount: rings.length };
}

describe('coastlineInBox', () => {
  // A world-frame ring like the source's ocean (its sides on ±180 and ±90 are not coast),
  // an island made of a zig-zag coast, and a small lake far away.
  const rings: [number, number][][] = [
    [[-180, -90], [180, -90], [180, 90], [-180, 90], [-180, -90]],
    [[1, 1], [1.1, 1.05], [1.2, 1], [1.3, 1.05], [1.4, 1], [1.4, 1.4], [1, 1.4], [1, 1]],
    [[10, 10.01], [10.1, 10.02], [10.1, 10.1], [10, 10.01]],
  ];
  let data: SeaIndexData;
  beforeAll(() => {
    data = buildSeaIndexData(ringsOf(rings));
  }, 60_000);

  it('when the box covers part of a coast, then the consecutive edges come back joined as one polyline of [lat, lng]', () => {
    const lines = coastlineInBox(data, { south: 0.9, west: 0.95, north: 1.1, east: 1.25 });
    // The zig-zag's first three edges reach the box (the fourth starts at lng 1.3).
    expect(lines).toEqual([
      [
        [1, 1],
        [1.05, 1.1],
        [1, 1.2],
        [1.05, 1.3],
      ],
      // The island's closing edge (1,1.4) → (1,1) runs through the box's west side.
      [
        [1.4, 1],
        [1, 1],
      ],
    ]);
  });

  it('when the box is far from any coast, then there are no lines, and the world frame is never one', () => {
    expect(coastlineInBox(data, { south: 40, west: -4, north: 41, east: -3 })).toEqual([]);
    expect(coastlineInBox(data, { south: 88.6, west: 178.6, north: 90, east: 180 })).toEqual([]);
    expect(coastlineInBox(data, { south: -90, west: -180, north: -89, east: -179 })).toEqual([]);
  });

  it('when the box holds a whole ring, then every edge of it comes back once', () => {
    const lines = coastlineInBox(data, { south: 9.5, west: 9.5, north: 10.5, east: 10.5 });
    expect(lines).toEqual([
      [
        [10.01, 10],
        [10.02, 10.1],
        [10.1, 10.1],
        [10.01, 10],
      ],
    ]);
  });
});
