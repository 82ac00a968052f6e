import {
  BLOCK_CELLS,
  BLOCK_COLS,
  BLOCK_ROWS,
  CROSSING_MARGIN_DEG as EPS,
  GRID_COLS,
  GRID_ROWS,
  colStart,
  rowOf,
  rowStart,
} from './sea-geometry';
import type { SeaRings } from './sea-polygons';

/** Block table values for blocks with no edges: the whole 1° block is land or sea. */
export const BLOCK_LAND = -1;
export const BLOCK_SEA = -2;
/** Entry flags: also toggle with (ya > y), resp. (yb > y), of the entry's edge. */
export const FLAG_START = 1;
export const FLAG_END = 2;
const CELLS_PER_BLOCK = BLOCK_CELLS * BLOCK_CELLS;

/**
 * The prepared index. For a point in cell C:
 *
 *   sea = cellBase[C] XOR (for each entry of C: edgeCrossesRay(edge) XOR flagged (y_v > y))
 *
 * blocks[br * BLOCK_COLS + bc] is BLOCK_LAND, BLOCK_SEA or the number of a mixed block,
 * whose 256 cells own cellBase[b * 256 + i] and the entries
 * entries[cellOffsets[b * 256 + i] .. cellOffsets[b * 256 + i + 1]). An entry is
 * edge * 4 + flags, the edge being the vertex pair (edge, edge + 1) of xy.
 */
export interface SeaIndexData {
  xy: Float64Array;
  blocks: Int32Array;
  cellOffsets: Uint32Array;
  cellBase: Uint8Array;
  entries: Int32Array;
}

/** A typed array that grows by doubling, for outputs whose size is known only at the end. */
class Growable<T extends Int32Array | Uint32Array | Uint8Array> {
  length = 0;
  constructor(
    private array: T,
    private readonly make: (n: number) => T,
  ) {}
  push(v: number) {
    if (this.length === this.array.length) {
      const next = this.make(this.array.length * 2);
      next.set(this.array);
      this.array = next;
    }
    this.array[this.length++] = v;
  }
  result(): T {
    return this.array.subarray(0, this.length) as T;
  }
}

/** One cell row's output: base parity per column and the entries grouped by column. */
interface RowResult {
  base: Uint8Array;
  colOffsets: Int32Array;
  entries: Int32Array;
}

/**
 * Builds the index. Exactness argument, for a cell row [cy0, cy1) and column [cx0, cx1]:
 * the sea test is XOR over all edges of crosses(edge) = straddles(y) AND x < xi(y).
 * Edges that never straddle a latitude of the row contribute nothing. The rest (the row's
 * "relevant" edges) fall in three groups per column, by the x-range they span within the
 * row, widened by CROSSING_MARGIN_DEG:
 *  - west of the column: x < xi is false for every point of the cell, contribution 0;
 *  - near the column: stored as entries and evaluated exactly at query time;
 *  - east of the column: x < xi is true, so the contribution is straddles(y) =
 *    (ya > y) XOR (yb > y). Summed over the east edges this telescopes to one term per
 *    vertex with an odd number of east edges. A vertex outside the open band
 *    (cy0, cy1) has a constant (y_v > y) that goes into cellBase; a vertex inside it
 *    varies, and is always shared with a near edge (its other edge reaches the same x,
 *    east of the cell), so it becomes a flag on that edge's entry.
 * Nothing is approximated: every edge is either evaluated by the same predicate as the
 * reference or replaced by an identity that holds for every point of the cell.
 */
export function buildSeaIndexData(rings: SeaRings): SeaIndexData {
  const { xy, ringStart, ringCount } = rings;
  const vertexCount = xy.length / 2;

  // prevEdge[k]: the edge ending at vertex k (a ring's first vertex closes its last edge).
  const prevEdge = new Int32Array(vertexCount).fill(-1);
  const isEdge = new Uint8Array(vertexCount);
  for (let i = 0; i < ringCount; i++) {
    const s = ringStart[i]!;
    const last = ringStart[i + 1]! - 1; // repeats vertex s
    if (last - s < 2) continue; // not a ring: no area, no crossings
    for (let k = s; k < last; k++) {
      isEdge[k] = 1;
      prevEdge[k] = k === s ? last - 1 : k - 1;
    }
  }

  // The rows each edge is relevant to: cy0 < max(ya, yb) and min(ya, yb) < cy1.
  const rowCount = new Int32Array(GRID_ROWS + 1);
  const span = (k: number): [number, number] => {
    const ya = xy[2 * k + 1]!;
    const yb = xy[2 * k + 3]!;
    const lo = rowOf(Math.min(ya, yb));
    let hi = rowOf(Math.max(ya, yb));
    if (Math.max(ya, yb) <= rowStart(hi)) hi--;
    return [lo, hi];
  };
  for (let k = 0; k < vertexCount; k++) {
    if (!isEdge[k]) continue;
    const [lo, hi] = span(k);
    for (let r = lo; r <= hi; r++) rowCount[r + 1]!++;
  }
  for (let r = 0; r < GRID_ROWS; r++) rowCount[r + 1]! += rowCount[r]!;
  const rowEdges = new Int32Array(rowCount[GRID_ROWS]!);
  const fill = rowCount.slice(0, GRID_ROWS);
  for (let k = 0; k < vertexCount; k++) {
    if (!isEdge[k]) continue;
    const [lo, hi] = span(k);
    for (let r = lo; r <= hi; r++) rowEdges[fill[r]!++] = k;
  }

  const blocks = new Int32Array(BLOCK_ROWS * BLOCK_COLS);
  const cellOffsets = new Growable(new Uint32Array(1 << 20), (n) => new Uint32Array(n));
  const cellBase = new Growable(new Uint8Array(1 << 20), (n) => new Uint8Array(n));
  const entries = new Growable(new Int32Array(1 << 20), (n) => new Int32Array(n));
  cellOffsets.push(0);
  let mixedBlocks = 0;

  const scratch = { cLo: new Int32Array(vertexCount), firstEntry: new Int32Array(vertexCount), stamp: new Int32Array(vertexCount).fill(-1) };
  for (let br = 0; br < BLOCK_ROWS; br++) {
    const rows: RowResult[] = [];
    for (let i = 0; i < BLOCK_CELLS; i++) {
      const r = br * BLOCK_CELLS + i;
      rows.push(buildRow(xy, prevEdge, rowEdges.subarray(rowCount[r], rowCount[r + 1]), r, scratch));
    }
    for (let bc = 0; bc < BLOCK_COLS; bc++) {
      const c0 = bc * BLOCK_CELLS;
      const c1 = c0 + BLOCK_CELLS;
      const firstBase = rows[0]!.base[c0]!;
      let uniform = true;
      for (const row of rows) {
        if (row.colOffsets[c1]! !== row.colOffsets[c0]!) uniform = false;
        for (let c = c0; c < c1 && uniform; c++) if (row.base[c] !== firstBase) uniform = false;
        if (!uniform) break;
      }
      if (uniform) {
        blocks[br * BLOCK_COLS + bc] = firstBase ? BLOCK_SEA : BLOCK_LAND;
        continue;
      }
      blocks[br * BLOCK_COLS + bc] = mixedBlocks++;
      for (const row of rows) {
        for (let c = c0; c < c1; c++) {
          cellBase.push(row.base[c]!);
          for (let e = row.colOffsets[c]!; e < row.colOffsets[c + 1]!; e++) entries.push(row.entries[e]!);
          cellOffsets.push(entries.length);
        }
      }
    }
  }
  if (cellBase.length !== mixedBlocks * CELLS_PER_BLOCK) throw new Error('sea index: inconsistent block layout');
  return { xy, blocks, cellOffsets: cellOffsets.result(), cellBase: cellBase.result(), entries: entries.result() };
}

/** First column that the x-range starting at rx0 is not entirely east of. */
function firstNotEast(rx0: number): number {
  let c = Math.min(GRID_COLS - 1, Math.max(0, Math.floor((rx0 + 180) * 16) - 1));
  const east = (col: number) => rx0 >= colStart(col + 1) + EPS;
  while (c > 0 && !east(c - 1)) c--;
  while (c < GRID_COLS - 1 && east(c)) c++;
  return c;
}

/** Last column that the x-range ending at rx1 is not entirely west of. */
function lastNotWest(rx1: number): number {
  let c = Math.min(GRID_COLS - 1, Math.max(0, Math.floor((rx1 + 180) * 16) + 1));
  const west = (col: number) => rx1 <= colStart(col) - EPS;
  while (c < GRID_COLS - 1 && !west(c + 1)) c++;
  while (c > 0 && west(c)) c--;
  return c;
}

function buildRow(
  xy: Float64Array,
  prevEdge: Int32Array,
  edges: Int32Array,
  r: number,
  scratch: { cLo: Int32Array; firstEntry: Int32Array; stamp: Int32Array },
): RowResult {
  const cy0 = rowStart(r);
  const cy1 = rowStart(r + 1);
  const { cLo, firstEntry, stamp } = scratch;
  const diff = new Uint8Array(GRID_COLS + 1);
  const entCol: number[] = [];
  const entVal: number[] = [];
  const cHiOf = new Map<number, number>();

  for (const k of edges) {
    const xa = xy[2 * k]!;
    const ya = xy[2 * k + 1]!;
    const xb = xy[2 * k + 2]!;
    const yb = xy[2 * k + 3]!;
    // The x-range of the edge within the row's closed band; endpoints inside it count exactly.
    let rx0: number;
    let rx1: number;
    if (ya >= cy0 && ya <= cy1 && yb >= cy0 && yb <= cy1) {
      rx0 = Math.min(xa, xb);
      rx1 = Math.max(xa, xb);
    } else {
      const lo = Math.max(Math.min(ya, yb), cy0);
      const hi = Math.min(Math.max(ya, yb), cy1);
      const xAt = (yy: number) => (yy === ya ? xa : yy === yb ? xb : xa + (xb - xa) * ((yy - ya) / (yb - ya)));
      const x1 = xAt(lo);
      const x2 = xAt(hi);
      // The interpolation is off by ~1e-13 at most; the extra margin keeps the range a superset.
      rx0 = Math.min(x1, x2) - EPS;
      rx1 = Math.max(x1, x2) + EPS;
    }
    const first = firstNotEast(rx0);
    const last = lastNotWest(rx1);
    cLo[k] = first;
    stamp[k] = r;
    cHiOf.set(k, last);
    // East of columns 0..first-1: the constant part of straddles(y), from vertices above the band.
    if (ya >= cy1 !== yb >= cy1 && first > 0) diff[first - 1]! ^= 1;
    firstEntry[k] = entCol.length;
    for (let c = first; c <= last; c++) {
      entCol.push(c);
      entVal.push(k * 4);
    }
  }

  // Vertices strictly inside the band whose two edges are east of different columns.
  for (const k of edges) {
    const y = xy[2 * k + 1]!;
    if (!(y > cy0 && y < cy1)) continue;
    const before = prevEdge[k]!;
    if (stamp[before] !== r) throw new Error('sea index: inside vertex without its previous edge');
    const cBefore = cLo[before]!;
    const cAfter = cLo[k]!;
    if (cBefore === cAfter) continue;
    // Where only one edge is east, the other is near: its entry carries the vertex's term.
    const [edge, flag, from, to] = cBefore < cAfter ? [before, FLAG_END, cBefore, cAfter] : [k, FLAG_START, cAfter, cBefore];
    if (to - 1 > cHiOf.get(edge)!) throw new Error('sea index: flagged vertex outside its near edge');
    for (let c = from; c < to; c++) entVal[firstEntry[edge]! + (c - cLo[edge]!)]! |= flag;
  }

  const base = new Uint8Array(GRID_COLS);
  let parity = 0;
  for (let c = GRID_COLS - 1; c >= 0; c--) {
    parity ^= diff[c]!;
    base[c] = parity;
  }
  const colOffsets = new Int32Array(GRID_COLS + 1);
  for (const c of entCol) colOffsets[c + 1]!++;
  for (let c = 0; c < GRID_COLS; c++) colOffsets[c + 1]! += colOffsets[c]!;
  const at = colOffsets.slice(0, GRID_COLS);
  const sorted = new Int32Array(entCol.length);
  for (let i = 0; i < entCol.length; i++) sorted[at[entCol[i]!]!++] = entVal[i]!;
  return { base, colOffsets, entries: sorted };
}
