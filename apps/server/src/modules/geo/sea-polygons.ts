import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { serverDir } from '../../paths';

/**
 * The coastline source: OSM-derived sea polygons from @geo-maps/earth-seas-10m (one
 * GeoJSON MultiPolygon: the world ocean with ~60,000 holes for the land, plus ~580 inland
 * seas and lagoons).
 */
const require = createRequire(import.meta.url);
export const SEA_SOURCE_PATH = require.resolve('@geo-maps/earth-seas-10m/map.geo.json');

// The code that decides what the index file holds: a change to any of it invalidates caches.
const BUILD_CODE = ['sea-geometry.ts', 'sea-polygons.ts', 'sea-index-build.ts', 'sea-index-file.ts'];

/**
 * Identifies what a cached index was built from: the source file (package version, size,
 * modification time) and the build code (a hash of its files). The index file stores it,
 * and is rebuilt when either changes.
 */
export function seaSourceKey(sourcePath = SEA_SOURCE_PATH): string {
  const { version } = require('@geo-maps/earth-seas-10m/package.json') as { version: string };
  const st = statSync(sourcePath);
  const code = createHash('sha256');
  for (const name of BUILD_CODE) code.update(readFileSync(path.join(serverDir, 'src/modules/geo', name)));
  return `earth-seas-10m@${version}:${st.size}:${Math.round(st.mtimeMs)}:${code.digest('hex').slice(0, 16)}`;
}

type Ring = [number, number][];
interface SeaGeoJson {
  type: string;
  geometries?: { type: string; coordinates: Ring[][] }[];
}

/**
 * Every ring of the source, flattened: vertex k is (xy[2k], xy[2k+1]) = (lng, lat), and
 * each ring is closed (its last vertex repeats its first), so the edges are exactly the
 * pairs (k, k+1) inside a ring. This is the single representation both the index and the
 * reference point-in-polygon read, so they see the very same doubles.
 */
export interface SeaRings {
  xy: Float64Array;
  /** ringStart[i] is the first vertex of ring i; ringStart[ringCount] is the vertex count. */
  ringStart: Int32Array;
  ringCount: number;
}

export function loadSeaRings(sourcePath = SEA_SOURCE_PATH): SeaRings {
  const json = JSON.parse(readFileSync(sourcePath, 'utf8')) as SeaGeoJson;
  const polygons: Ring[][] = [];
  for (const g of json.geometries ?? []) {
    if (g.type === 'MultiPolygon') polygons.push(...g.coordinates);
    else if (g.type === 'Polygon') polygons.push(g.coordinates as unknown as Ring[]);
    else throw new Error(`unexpected geometry ${g.type} in the sea polygons`);
  }
  let vertexCount = 0;
  let ringCount = 0;
  for (const polygon of polygons) {
    for (const ring of polygon) {
      vertexCount += ring.length + (isClosed(ring) ? 0 : 1);
      ringCount++;
    }
  }
  const xy = new Float64Array(vertexCount * 2);
  const ringStart = new Int32Array(ringCount + 1);
  let v = 0;
  let r = 0;
  for (const polygon of polygons) {
    for (const ring of polygon) {
      ringStart[r++] = v;
      // Closing an open ring adds the edge that even-odd ray casting would wrap around to.
      const closed = isClosed(ring) ? ring : [...ring, ring[0]!];
      for (const [x, y] of closed) {
        xy[2 * v] = x;
        xy[2 * v + 1] = y;
        v++;
      }
    }
  }
  ringStart[ringCount] = v;
  return { xy, ringStart, ringCount };
}

function isClosed(ring: Ring): boolean {
  const a = ring[0];
  const b = ring[ring.length - 1];
  return !!a && !!b && a[0] === b[0] && a[1] === b[1];
}
