import { CROSSING_MARGIN_DEG, edgeCrossesRay } from './sea-geometry';
import type { SeaRings } from './sea-polygons';

/**
 * Point-in-polygon straight on the source polygons, with the convention of
 * sea-geometry.ts: every edge of every ring, the way the `is-sea` package works. About a
 * thousand times slower than the index; the baseline of the benchmark and the truth the
 * index is tested against.
 */
export function naiveIsSea(rings: SeaRings, lat: number, lng: number): boolean {
  const { xy, ringStart, ringCount } = rings;
  let inside = false;
  for (let i = 0; i < ringCount; i++) {
    const last = ringStart[i + 1]! - 1;
    for (let k = ringStart[i]!; k < last; k++) if (edgeCrossesRay(xy, k, lng, lat)) inside = !inside;
  }
  return inside;
}

/**
 * The same computation, skipping runs of edges that provably do not cross the ray: runs
 * whose latitudes all lie above or all at-or-below the point (no edge straddles it) and
 * runs entirely west of it by more than the rounding margin. Every other edge is
 * evaluated by the same predicate, so the answer is the naive one, only fast enough to
 * check tens of thousands of points in a test.
 */
export interface SeaReference {
  rings: SeaRings;
  runFirst: Int32Array;
  runEnd: Int32Array;
  /** minX, maxX, minY, maxY per run. */
  bounds: Float64Array;
  /** The runs whose latitudes reach into each 1/4° band, so a query skips the others in bulk. */
  bandStart: Int32Array;
  bandRuns: Int32Array;
}

const BANDS_PER_DEGREE = 4;
const BAND_COUNT = 180 * BANDS_PER_DEGREE + 1;
const bandOf = (lat: number) => Math.min(BAND_COUNT - 1, Math.max(0, Math.floor((lat + 90) * BANDS_PER_DEGREE)));

export function prepareSeaReference(rings: SeaRings, runEdges = 32): SeaReference {
  const { xy, ringStart, ringCount } = rings;
  const first: number[] = [];
  const end: number[] = [];
  const bounds: number[] = [];
  for (let i = 0; i < ringCount; i++) {
    const last = ringStart[i + 1]! - 1;
    for (let s = ringStart[i]!; s < last; s += runEdges) {
      const e = Math.min(s + runEdges, last);
      let minX = Infinity;
      let maxX = -Infinity;
      let minY = Infinity;
      let maxY = -Infinity;
      for (let v = s; v <= e; v++) {
        minX = Math.min(minX, xy[2 * v]!);
        maxX = Math.max(maxX, xy[2 * v]!);
        minY = Math.min(minY, xy[2 * v + 1]!);
        maxY = Math.max(maxY, xy[2 * v + 1]!);
      }
      first.push(s);
      end.push(e);
      bounds.push(minX, maxX, minY, maxY);
    }
  }
  // A run belongs to every band its [minY, maxY] touches, widened by one band on each side
  // so that a latitude rounded into a neighbouring band still finds it.
  const lists: number[][] = Array.from({ length: BAND_COUNT }, () => []);
  for (let i = 0; i < first.length; i++) {
    const lo = Math.max(0, bandOf(bounds[4 * i + 2]!) - 1);
    const hi = Math.min(BAND_COUNT - 1, bandOf(bounds[4 * i + 3]!) + 1);
    for (let b = lo; b <= hi; b++) lists[b]!.push(i);
  }
  const bandStart = new Int32Array(BAND_COUNT + 1);
  lists.forEach((l, b) => (bandStart[b + 1] = bandStart[b]! + l.length));
  return {
    rings,
    runFirst: Int32Array.from(first),
    runEnd: Int32Array.from(end),
    bounds: Float64Array.from(bounds),
    bandStart,
    bandRuns: Int32Array.from(lists.flat()),
  };
}

export function referenceIsSea(ref: SeaReference, lat: number, lng: number): boolean {
  const { xy } = ref.rings;
  const { runFirst, runEnd, bounds, bandRuns } = ref;
  const band = bandOf(lat);
  let inside = false;
  // Runs outside the band have no latitude near the point: the exact test below skips them too.
  for (let j = ref.bandStart[band]!; j < ref.bandStart[band + 1]!; j++) {
    const i = bandRuns[j]!;
    if (lat < bounds[4 * i + 2]! || lat >= bounds[4 * i + 3]! || bounds[4 * i + 1]! < lng - CROSSING_MARGIN_DEG) continue;
    for (let k = runFirst[i]!; k < runEnd[i]!; k++) if (edgeCrossesRay(xy, k, lng, lat)) inside = !inside;
  }
  return inside;
}
