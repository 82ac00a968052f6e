import { BLOCK_LAND, BLOCK_SEA, FLAG_END, FLAG_START, type SeaIndexData } from './sea-index-build';
import { BLOCK_CELLS, BLOCK_COLS, assertValidLatLng, colOf, edgeCrossesRay, rowOf } from './sea-geometry';

/**
 * Whether (lat, lng) is sea, from the prepared index: one block lookup, then at most the
 * few edges near the point's 1/16° cell. See buildSeaIndexData for why this equals the
 * even-odd test over every edge of the source.
 */
export function lookupIsSea(data: SeaIndexData, lat: number, lng: number): boolean {
  assertValidLatLng(lat, lng);
  const r = rowOf(lat);
  const c = colOf(lng);
  const block = data.blocks[Math.floor(r / BLOCK_CELLS) * BLOCK_COLS + Math.floor(c / BLOCK_CELLS)]!;
  if (block === BLOCK_SEA) return true;
  if (block === BLOCK_LAND) return false;
  const cell = block * BLOCK_CELLS * BLOCK_CELLS + (r % BLOCK_CELLS) * BLOCK_CELLS + (c % BLOCK_CELLS);
  const { xy, entries } = data;
  let inside = data.cellBase[cell] === 1;
  for (let i = data.cellOffsets[cell]!, end = data.cellOffsets[cell + 1]!; i < end; i++) {
    const entry = entries[i]!;
    const k = entry >> 2;
    if (edgeCrossesRay(xy, k, lng, lat)) inside = !inside;
    if (entry & FLAG_START && xy[2 * k + 1]! > lat) inside = !inside;
    if (entry & FLAG_END && xy[2 * k + 3]! > lat) inside = !inside;
  }
  return inside;
}
