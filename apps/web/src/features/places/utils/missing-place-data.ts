/** What the wizard still lacks to create the place, in the order the user fixes them; null when nothing. */
export type MissingPlaceData = 'business' | 'center' | 'grid';

/**
 * Names the missing piece instead of only "Faltan datos" (docs/decisions.md §22.5): the
 * business, the grid's centre (a service-area business has no address point until the user
 * locates one) or the grid itself (still being laid out).
 */
export function missingPlaceData(state: { selected: boolean; center: boolean; grid: boolean }): MissingPlaceData | null {
  if (!state.selected) return 'business';
  if (!state.center) return 'center';
  if (!state.grid) return 'grid';
  return null;
}

/** The single result of a search, which the wizard takes at once; null when there are none or several to choose from. */
export function onlyResult<T>(results: readonly T[] | undefined): T | null {
  return results?.length === 1 ? results[0]! : null;
}
