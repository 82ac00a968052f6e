import { resolveValidationMessage } from '../messages';
import { type MatrixCell, type MatrixConfig, type MatrixPoint, matrixConfigSchema } from '../schemas/places';

/**
 * The grid of search points around a business (docs/product.md §3, docs/product.md §5). Pure, with no dependencies,
 * so the web can preview a grid exactly as the server stores it.
 *
 * Geometry, on the WGS84 ellipsoid:
 * - rows are parallels, evenly spaced along the centre's meridian: row offsets are equal
 *   meridian arcs, so the northern and southern extremes lie exactly `maxDistance` from the
 *   centre along the meridian (which is the geodesic between them);
 * - columns are meridians, evenly spaced in longitude by the arc length along the centre's
 *   parallel, so the eastern and western extremes lie exactly `maxDistance` from the
 *   centre along that parallel (a rhumb line; the geodesic is shorter by under 1 cm at
 *   7 km and 69°N).
 * Coordinates are then rounded to 7 decimals, which moves a point by at most 1 cm.
 * So every point of a column shares its longitude and every point of a row its latitude,
 * as a map shows a square. Away from the centre row, the east–west spacing in metres
 * follows cos(latitude): ±0.3% at the top and bottom of a 7 km grid at 69°N.
 */

const A = 6378137; // WGS84 semi-major axis, metres
const F = 1 / 298.257223563; // WGS84 flattening
const E2 = F * (2 - F); // first eccentricity squared
const N = F / (2 - F); // third flattening
const DEG = Math.PI / 180;

/** Meridian arc length from the equator to latitude `phi` (radians), in metres (Helmert's series, error < 0.1 mm). */
export function meridianArc(phi: number): number {
  const n2 = N * N;
  const n3 = n2 * N;
  const n4 = n3 * N;
  return (
    (A / (1 + N)) *
    ((1 + n2 / 4 + n4 / 64) * phi -
      1.5 * (N - n3 / 8) * Math.sin(2 * phi) +
      (15 / 16) * (n2 - n4 / 4) * Math.sin(4 * phi) -
      (35 / 48) * n3 * Math.sin(6 * phi) +
      (315 / 512) * n4 * Math.sin(8 * phi))
  );
}

/** Radius of curvature of the meridian at `phi` (radians): d(meridianArc)/d(phi). */
function meridianRadius(phi: number): number {
  const s = Math.sin(phi);
  return (A * (1 - E2)) / Math.pow(1 - E2 * s * s, 1.5);
}

/** Latitude (degrees) reached `metres` north (negative: south) of `lat` along the meridian. */
export function latitudeAlongMeridian(lat: number, metres: number): number {
  const target = meridianArc(lat * DEG) + metres;
  let phi = lat * DEG + metres / meridianRadius(lat * DEG);
  // Newton on the arc length: quadratic convergence, a few steps reach double precision.
  for (let i = 0; i < 6; i++) {
    const step = (meridianArc(phi) - target) / meridianRadius(phi);
    phi -= step;
    if (Math.abs(step) < 1e-15) break;
  }
  return phi / DEG;
}

/** Metres per degree of longitude along the parallel at `lat` (degrees): N(φ)·cos φ·π/180. */
export function metresPerDegreeLongitude(lat: number): number {
  const s = Math.sin(lat * DEG);
  return ((A / Math.sqrt(1 - E2 * s * s)) * Math.cos(lat * DEG)) * DEG;
}

/**
 * Coordinates are kept to 7 decimals (≤ 1.1 cm): what a map provider takes, and it keeps
 * the stored matrix and the JSON small. The centre keeps the business's own coordinates.
 */
const round7 = (deg: number) => Math.round(deg * 1e7) / 1e7;

/** Longitude in [-180, 180). */
function normaliseLng(lng: number): number {
  return lng >= 180 || lng < -180 ? ((((lng + 180) % 360) + 360) % 360) - 180 : lng;
}

export class MatrixInputError extends Error {}

/**
 * The size × size points, row by row (row 0 north, column 0 west), the centre being the
 * business itself. `isSea` marks points on the sea (onSea); without it none is marked.
 * Throws MatrixInputError, with the Spanish message of the shared schema, on bad input.
 */
export function generateMatrix(input: MatrixConfig, opts: { isSea?: (lat: number, lng: number) => boolean } = {}): MatrixPoint[] {
  const parsed = matrixConfigSchema.safeParse(input);
  if (!parsed.success) throw new MatrixInputError(resolveValidationMessage(parsed.error.issues[0]?.message ?? '', 'es'));
  const { centerLat, centerLng, maxDistance, size } = parsed.data;
  const half = (size - 1) / 2;
  const spacing = maxDistance / half;
  const lngStep = spacing / metresPerDegreeLongitude(centerLat);
  const lats = Array.from({ length: size }, (_, row) => (row === half ? centerLat : round7(latitudeAlongMeridian(centerLat, (half - row) * spacing))));
  const lngs = Array.from({ length: size }, (_, col) => (col === half ? centerLng : round7(normaliseLng(centerLng + (col - half) * lngStep))));
  const points: MatrixPoint[] = [];
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      const lat = lats[row]!;
      const lng = lngs[col]!;
      points.push({ lat, lng, row, col, isCenter: row === half && col === half, onSea: opts.isSea ? opts.isSea(lat, lng) : false });
    }
  }
  return points;
}

const hasCoordinates = (p: Pick<MatrixPoint, 'lat' | 'lng'>) =>
  typeof p.lat === 'number' && typeof p.lng === 'number' && Number.isFinite(p.lat) && Number.isFinite(p.lng);

/**
 * The coordinates matrix (docs/product.md §3): [row][col] the point's coordinates, or null for the
 * points excluded from analysis (on the sea, or without numeric coordinates).
 */
export function toCoordinatesMatrix(points: readonly MatrixPoint[], size: number): MatrixCell[][] {
  const matrix: MatrixCell[][] = Array.from({ length: size }, () => Array.from({ length: size }, (): MatrixCell => null));
  for (const p of points) {
    const row = matrix[p.row];
    if (!row || p.col < 0 || p.col >= size) continue;
    row[p.col] = p.onSea || !hasCoordinates(p) ? null : { lat: p.lat, lng: p.lng };
  }
  return matrix;
}
