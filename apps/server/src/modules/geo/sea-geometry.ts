/**
 * The boundary convention shared by the sea index and the reference point-in-polygon.
 *
 * A point (lng = x, lat = y) is sea when a ray cast from it towards the east crosses the
 * rings of the sea MultiPolygon (outer rings and holes alike) an odd number of times
 * (the even-odd rule, W. R. Franklin's PNPOLY). An edge a→b counts when it is half-open
 * in latitude, `(ya > y) !== (yb > y)`, so a ray through a vertex counts it exactly once,
 * and when the crossing lies strictly east of the point, computed with this exact
 * expression in this exact operand order. Both sides evaluate this one function on the
 * same doubles, which is what makes the index give the same answer bit for bit,
 * including for points on edges and vertices.
 */
export function edgeCrossesRay(xy: Float64Array, k: number, x: number, y: number): boolean {
  const ya = xy[2 * k + 1]!;
  const yb = xy[2 * k + 3]!;
  if (ya > y === yb > y) return false;
  const xa = xy[2 * k]!;
  const xb = xy[2 * k + 2]!;
  return x < ((xb - xa) * (y - ya)) / (yb - ya) + xa;
}

/**
 * How far (degrees) the computed crossing can stray from the true one: the expression
 * above has at most ~3e-13° of rounding error for coordinates within ±180°. The index
 * keeps edges this far or nearer to a cell in that cell's explicit list, so every edge
 * it summarises in advance is one whose answer cannot depend on rounding.
 */
export const CROSSING_MARGIN_DEG = 1e-9;

/** The index's grid: 1/16° cells, grouped in 1° blocks of 16×16 cells. */
export const CELLS_PER_DEGREE = 16;
export const BLOCK_CELLS = 16;
/** One extra block row and column hold latitude 90 and longitude 180 themselves. */
export const BLOCK_ROWS = 181;
export const BLOCK_COLS = 361;
export const GRID_ROWS = BLOCK_ROWS * BLOCK_CELLS;
export const GRID_COLS = BLOCK_COLS * BLOCK_CELLS;

/** Southern edge of cell row r. Exact in binary floating point (multiples of 1/16). */
export const rowStart = (r: number) => -90 + r / CELLS_PER_DEGREE;
/** Western edge of cell column c. Exact, like rowStart. */
export const colStart = (c: number) => -180 + c / CELLS_PER_DEGREE;

/** The row r with rowStart(r) <= lat < rowStart(r + 1), decided by exact comparisons. */
export function rowOf(lat: number): number {
  let r = Math.min(GRID_ROWS - 1, Math.max(0, Math.floor((lat + 90) * CELLS_PER_DEGREE)));
  while (r > 0 && lat < rowStart(r)) r--;
  while (r < GRID_ROWS - 1 && lat >= rowStart(r + 1)) r++;
  return r;
}

/** The column c with colStart(c) <= lng < colStart(c + 1), decided by exact comparisons. */
export function colOf(lng: number): number {
  let c = Math.min(GRID_COLS - 1, Math.max(0, Math.floor((lng + 180) * CELLS_PER_DEGREE)));
  while (c > 0 && lng < colStart(c)) c--;
  while (c < GRID_COLS - 1 && lng >= colStart(c + 1)) c++;
  return c;
}

export function assertValidLatLng(lat: number, lng: number): void {
  if (!(lat >= -90 && lat <= 90 && lng >= -180 && lng <= 180)) {
    throw new RangeError(`coordinates out of range: ${lat}, ${lng}`);
  }
}
