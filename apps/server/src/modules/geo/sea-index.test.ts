import { copyFileSync, mkdtempSync, readdirSync, rmSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GEO_TEST_CACHE_DIR } from '../../../test/geo-data-dir';
import { type SeaIndexData, buildSeaIndexData } from './sea-index-build';
import { SEA_INDEX_FILE_NAME, readSeaIndexFile, writeSeaIndexFile } from './sea-index-file';
import { lookupIsSea } from './sea-index-query';
import { colStart, rowStart } from './sea-geometry';
import { createSeaIndex, loadSeaIndex } from './sea-index';
import { type SeaRings, loadSeaRings, seaSourceKey } from './sea-polygons';
import { type SeaReference, naiveIsSea, prepareSeaReference, referenceIsSea } from './sea-reference';
import { seededRandom } from '@rankmaps/shared/seeded-random';

type Point = [lat: number, lng: number];
const mismatches = (points: Point[], a: (p: Point) => boolean, b: (p: Point) => boolean) => points.filter((p) => a(p) !== b(p));

describe('sea index built from synthetic rings', () => {
  // Rings chosen to hit the hard cases: vertices exactly on cell and block boundaries,
  // several vertices at one latitude, horizontal edges, edges many cells long, a hole,
  // a ring crossing a block corner, and ones at the antimeridian and the poles' rows.
  const rnd = seededRandom(7);
  const rings: [number, number][][] = [
    [[0, 0], [2, 0], [2, 2], [0, 2], [0, 0]],
    [[0.5, 0.5], [1.5, 0.5], [1, 1.5], [0.5, 0.5]],
    [[-3, -1], [-1.0625, -1], [-1.0625, 0.0625], [-2, 0.0625], [-2.5, -0.5], [-3, 0.0625], [-3, -1]],
    [[179.5, 10], [180, 10], [180, 12.5], [179.9375, 11], [179.5, 10]],
    [[-180, -5], [-179, -5], [-180, -4], [-180, -5]],
    [[10, 89.5], [20, 89.9], [15, 90], [10, 89.5]],
  ];
  // A jagged star with vertices snapped to 1/32° so many sit exactly on cell edges.
  const star: [number, number][] = [];
  for (let i = 0; i < 400; i++) {
    const angle = (2 * Math.PI * i) / 400;
    const r = 0.3 + rnd() * 1.2;
    const snap = (v: number) => (rnd() < 0.5 ? Math.round(v * 32) / 32 : v);
    star.push([snap(5 + r * Math.cos(angle)), snap(40 + r * Math.sin(angle))]);
  }
  star.push(star[0]!);
  rings.push(star);

  const flat = rings.flat();
  const xy = Float64Array.from(flat.flat());
  const ringStart = Int32Array.from([0, ...rings.map((_, i) => rings.slice(0, i + 1).reduce((n, r) => n + r.length, 0))]);
  const synthetic: SeaRings = { xy, ringStart, ringCount: rings.length };
  let data: SeaIndexData;
  beforeAll(() => {
    data = buildSeaIndexData(synthetic);
  }, 60_000);

  it('when points are random, on vertices, on edges or on cell boundaries, then the index agrees with the naive test', () => {
    const points: Point[] = [];
    for (const [x, y] of flat) points.push([y, x], [y, x - 0.01], [y, x + 0.01], [y + 1e-12, x], [y - 1e-12, x]);
    for (let k = 0; k + 1 < flat.length; k++) {
      const [xa, ya] = flat[k]!;
      const [xb, yb] = flat[k + 1]!;
      for (const t of [0.25, 0.5, 0.75]) points.push([ya + (yb - ya) * t, xa + (xb - xa) * t]);
    }
    const boxes = [[-1, 3, -1, 3], [-1.5, 0.5, -3.5, -0.5], [9, 13, 179, 180], [-6, -3, -180, -178.5], [89, 90, 9, 21], [38, 42, 3, 7]];
    for (const [lat0, lat1, lng0, lng1] of boxes) {
      for (let i = 0; i < 3000; i++) points.push([lat0! + (lat1! - lat0!) * rnd(), lng0! + (lng1! - lng0!) * rnd()]);
      for (let lat = Math.ceil(lat0! * 16) / 16; lat <= lat1!; lat += 1 / 16) {
        for (let lng = Math.ceil(lng0! * 16) / 16; lng <= lng1!; lng += 1 / 16) points.push([lat, lng], [lat, lng0! + (lng1! - lng0!) * rnd()]);
      }
    }
    const valid = points.filter(([lat, lng]) => Math.abs(lat) <= 90 && Math.abs(lng) <= 180);
    expect(valid.length).toBeGreaterThan(20_000);
    const bad = mismatches(valid, ([lat, lng]) => lookupIsSea(data, lat, lng), ([lat, lng]) => naiveIsSea(synthetic, lat, lng));
    expect(bad).toEqual([]);
    // The rings do enclose area: the test is not vacuous.
    expect(lookupIsSea(data, 0.25, 0.25)).toBe(true);
    expect(lookupIsSea(data, 0.75, 1)).toBe(false);
  });

  it('refuses coordinates out of range', () => {
    expect(() => lookupIsSea(data, 91, 0)).toThrow(RangeError);
    expect(() => lookupIsSea(data, 0, Number.NaN)).toThrow(RangeError);
  });
});

describe('sea index on the coastline of @geo-maps/earth-seas-10m', () => {
  let rings: SeaRings;
  let reference: SeaReference;
  let index: SeaIndexData;
  beforeAll(async () => {
    // Built once into a directory kept between runs (about 10 s), then read from the cache.
    index = (await loadSeaIndex({ cacheDir: GEO_TEST_CACHE_DIR })).data;
    rings = loadSeaRings();
    reference = prepareSeaReference(rings);
  }, 300_000);

  const boxes: Record<string, [lat0: number, lat1: number, lng0: number, lng1: number]> = {
    malaga: [36.6, 36.76, -4.6, -4.25],
    barcelona: [41.3, 41.45, 2.05, 2.3],
    lisbon: [38.6, 38.78, -9.35, -9.05],
    venice: [45.35, 45.5, 12.25, 12.45],
    bergen: [60.3, 60.45, 5.1, 5.4],
    geiranger: [62.05, 62.15, 6.95, 7.25],
  };

  it('when 12,000 seeded random coastal points are checked, then the index agrees with point-in-polygon on every one', () => {
    const rnd = seededRandom(20240601);
    const points: Point[] = [];
    for (const [lat0, lat1, lng0, lng1] of Object.values(boxes)) {
      for (let i = 0; i < 2000; i++) points.push([lat0 + (lat1 - lat0) * rnd(), lng0 + (lng1 - lng0) * rnd()]);
    }
    const sea = points.filter(([lat, lng]) => lookupIsSea(index, lat, lng)).length;
    // Both answers occur in quantity: the boxes really straddle the coast.
    expect(sea).toBeGreaterThan(2000);
    expect(points.length - sea).toBeGreaterThan(2000);
    expect(mismatches(points, ([lat, lng]) => lookupIsSea(index, lat, lng), ([lat, lng]) => referenceIsSea(reference, lat, lng))).toEqual([]);
  });

  it('when points sit on polygon vertices, on rays through vertices and on cell boundaries, then the index still agrees', () => {
    const rnd = seededRandom(99);
    const points: Point[] = [];
    const { xy } = rings;
    for (const [lat0, lat1, lng0, lng1] of Object.values(boxes)) {
      const inBox: Point[] = [];
      for (let k = 0; k < xy.length / 2; k++) {
        const lng = xy[2 * k]!;
        const lat = xy[2 * k + 1]!;
        if (lat >= lat0 && lat <= lat1 && lng >= lng0 && lng <= lng1) inBox.push([lat, lng]);
      }
      // Up to 800 vertices per box, evenly picked; each also with a ray that passes through it.
      const stride = Math.max(1, Math.floor(inBox.length / 800));
      for (let i = 0; i < inBox.length; i += stride) {
        const [lat, lng] = inBox[i]!;
        points.push([lat, lng], [lat, lng - 0.002], [lat, lng - 0.05]);
      }
      for (let r = Math.ceil((lat0 + 90) * 16); rowStart(r) <= lat1; r++) {
        for (let c = Math.ceil((lng0 + 180) * 16); colStart(c) <= lng1; c++) points.push([rowStart(r), colStart(c)]);
        for (let i = 0; i < 40; i++) points.push([rowStart(r), lng0 + (lng1 - lng0) * rnd()]);
      }
      for (let c = Math.ceil((lng0 + 180) * 16); colStart(c) <= lng1; c++) {
        for (let i = 0; i < 40; i++) points.push([lat0 + (lat1 - lat0) * rnd(), colStart(c)]);
      }
    }
    expect(points.length).toBeGreaterThan(3000);
    expect(mismatches(points, ([lat, lng]) => lookupIsSea(index, lat, lng), ([lat, lng]) => referenceIsSea(reference, lat, lng))).toEqual([]);
  });

  it('the fast reference equals the naive scan of every edge (so the reference is exact)', () => {
    const rnd = seededRandom(5);
    const points: Point[] = [];
    for (const [lat0, lat1, lng0, lng1] of Object.values(boxes)) {
      for (let i = 0; i < 8; i++) points.push([lat0 + (lat1 - lat0) * rnd(), lng0 + (lng1 - lng0) * rnd()]);
    }
    points.push([rings.xy[1]!, rings.xy[0]!], [rowStart(2000), colStart(2800)]);
    expect(mismatches(points, ([lat, lng]) => referenceIsSea(reference, lat, lng), ([lat, lng]) => naiveIsSea(rings, lat, lng))).toEqual([]);
  });

  it.each([
    ['the open Mediterranean', 38, 5, true],
    ['Madrid', 40.4168, -3.7038, false],
    ['the centre of Málaga', 36.7213, -4.4214, false],
    ['2 km off La Malagueta beach, Málaga', 36.698, -4.41, true],
    ['the Atlantic off Lisbon', 38.6, -9.6, true],
    ['the Sognefjord', 61.125, 6.1, true],
  ])('%s is sea: %s', (_name, lat, lng, sea) => {
    expect(lookupIsSea(index, lat, lng)).toBe(sea);
    expect(referenceIsSea(reference, lat, lng)).toBe(sea);
  });
});

describe('sea index lifecycle', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rankmaps-sea-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('reports building until ready, then answers; isSea before ready is a programming error', async () => {
    const sea = createSeaIndex({ cacheDir: GEO_TEST_CACHE_DIR });
    expect(sea.status()).toBe('building');
    expect(() => sea.isSea(0, 0)).toThrow(/not ready/);
    await sea.ready();
    expect(sea.status()).toBe('ready');
    expect(sea.isSea(38, 5)).toBe(true);
    expect(sea.isSea(40.4168, -3.7038)).toBe(false);
  }, 300_000);

  it('writes atomically and reads back only a whole file for the same source and format', async () => {
    const dir = tempDir();
    const file = path.join(dir, SEA_INDEX_FILE_NAME);
    const data: SeaIndexData = {
      xy: Float64Array.from([1.5, 2.25, -3, 4]),
      blocks: Int32Array.from([-1, -2, 0]),
      cellOffsets: Uint32Array.from([0, 1, 3]),
      cellBase: Uint8Array.from([1, 0]),
      entries: Int32Array.from([4, 9, 2]),
    };
    writeSeaIndexFile(file, data, 'key-1');
    expect(readdirSync(dir)).toEqual([SEA_INDEX_FILE_NAME]);
    const back = await readSeaIndexFile(file, 'key-1');
    expect(back && Object.fromEntries(Object.entries(back).map(([k, a]) => [k, Array.from(a as ArrayLike<number>)]))).toEqual(
      Object.fromEntries(Object.entries(data).map(([k, a]) => [k, Array.from(a as ArrayLike<number>)])),
    );
    // Another source (or build code) means stale; a cut-short file means rebuild; so does none.
    expect(await readSeaIndexFile(file, 'key-2')).toBeNull();
    const cut = path.join(dir, 'cut.bin');
    copyFileSync(file, cut);
    truncateSync(cut, 5000);
    expect(await readSeaIndexFile(cut, 'key-1')).toBeNull();
    expect(await readSeaIndexFile(path.join(dir, 'missing.bin'), 'key-1')).toBeNull();
  });

  it('keys the cache on the coastline file and on the build code', () => {
    expect(seaSourceKey()).toMatch(/^earth-seas-10m@0\.6\.0:\d+:\d+:[0-9a-f]{16}$/);
  });
});
