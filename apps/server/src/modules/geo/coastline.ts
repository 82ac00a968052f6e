import type { CoastlineBox } from '@rankmaps/shared/schemas/geo';
import { BLOCK_LAND, BLOCK_SEA, type SeaIndexData } from './sea-index-build';
import { BLOCK_CELLS, BLOCK_COLS, colOf, rowOf } from './sea-geometry';

/** A coastline polyline: [lat, lng] points. */
export type CoastlinePolyline = [number, number][];

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * Edges the source adds only to close its polygons, never coastline: the world ocean's
 * outer ring runs along the antimeridian (lng ±180) and the poles (lat ±90).
 */
function isFrame(xy: Float64Array, k: number): boolean {
  const xa = xy[2 * k]!;
  const ya = xy[2 * k + 1]!;
  const xb = xy[2 * k + 2]!;
  const yb = xy[2 * k + 3]!;
  return (Math.abs(xa) === 180 && xa === xb) || (Math.abs(ya) === 90 && ya === yb);
}

/** Whether edge k's bounding box touches the box. */
function edgeTouches(xy: Float64Array, k: number, box: CoastlineBox): boolean {
  const xa = xy[2 * k]!;
  const ya = xy[2 * k + 1]!;
  const xb = xy[2 * k + 2]!;
  const yb = xy[2 * k + 3]!;
  return Math.max(ya, yb) >= box.south && Math.min(ya, yb) <= box.north && Math.max(xa, xb) >= box.west && Math.min(xa, xb) <= box.east;
}

/**
 * The coastline in a box, read from the prepared sea index. A mixed 1/16° cell lists every
 * source edge that crosses it (its "near" entries, see buildSeaIndexData), and a uniform
 * block has no edge at all, so the entries of the cells the box covers give every edge
 * that reaches the box. Edges are deduplicated, kept when their bounding box touches the
 * box, and joined into polylines: within a ring, edge k runs from vertex k to k + 1, so
 * consecutive edge numbers share a vertex.
 *
 * The one thing missing: an edge lying exactly on a 1/16° parallel never changes a ray
 * test, so the index does not keep it (39 of the source's 1.7 million edges); its
 * polyline shows a gap there.
 */
export function coastlineInBox(data: SeaIndexData, box: CoastlineBox): CoastlinePolyline[] {
  const { xy, blocks, cellOffsets, entries } = data;
  const r0 = rowOf(box.south);
  const r1 = rowOf(box.north);
  const c0 = colOf(box.west);
  const c1 = colOf(box.east);
  const edges = new Set<number>();
  for (let r = r0; r <= r1; r++) {
    for (let c = c0; c <= c1; c++) {
      const block = blocks[Math.floor(r / BLOCK_CELLS) * BLOCK_COLS + Math.floor(c / BLOCK_CELLS)]!;
      if (block === BLOCK_LAND || block === BLOCK_SEA) continue;
      const cell = block * BLOCK_CELLS * BLOCK_CELLS + (r % BLOCK_CELLS) * BLOCK_CELLS + (c % BLOCK_CELLS);
      for (let i = cellOffsets[cell]!, end = cellOffsets[cell + 1]!; i < end; i++) edges.add(entries[i]! >> 2);
    }
  }

  const sorted = [...edges].filter((k) => !isFrame(xy, k) && edgeTouches(xy, k, box)).sort((a, b) => a - b);
  const point = (v: number): [number, number] => [round6(xy[2 * v + 1]!), round6(xy[2 * v]!)];
  const lines: CoastlinePolyline[] = [];
  let line: CoastlinePolyline | null = null;
  let previous = -2;
  for (const k of sorted) {
    if (line && k === previous + 1) {
      line.push(point(k + 1));
    } else {
      line = [point(k), point(k + 1)];
      lines.push(line);
    }
    previous = k;
  }
  return lines;
}
