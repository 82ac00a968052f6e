/**
 * The map zoom a grid's searches run at, from the grid's spacing (docs/metrics.md, "Search zoom").
 *
 * A search is made as a phone would make it at the point: a map about 400 px wide, where one
 * pixel covers 156543 × cos(lat) / 2^z metres (Web Mercator). At 40° of latitude that view is
 * 1.46 km wide at 15z, 2.93 km at 14z, 5.86 km at 13z, and it doubles for each step out. Each
 * point's map should reach about one spacing to either side (its neighbours' points), so the
 * zoom is the closest one whose view is at least twice the spacing: the thresholds below are
 * half those widths, rounded.
 */
export const SEARCH_ZOOM_STEPS: readonly { maxSpacingKm: number; zoom: number }[] = [
  { maxSpacingKm: 0.35, zoom: 16 },
  { maxSpacingKm: 0.75, zoom: 15 },
  { maxSpacingKm: 1.5, zoom: 14 },
  { maxSpacingKm: 3, zoom: 13 },
  { maxSpacingKm: 6, zoom: 12 },
];
/** Spacings wider than the last step. */
export const WIDEST_SEARCH_ZOOM = 11;

/** Distance between neighbouring points, in km: the grid spans 2 × radius over gridSize − 1 gaps. */
export function gridSpacingKm(gridSize: number, radiusM: number): number {
  if (!Number.isFinite(gridSize) || !Number.isFinite(radiusM) || gridSize < 2 || radiusM <= 0) throw new RangeError('La cuadrícula necesita al menos 2 puntos por lado y un radio positivo.');
  return (2 * radiusM) / 1000 / (gridSize - 1);
}

export function searchZoomForSpacing(spacingKm: number): number {
  for (const step of SEARCH_ZOOM_STEPS) if (spacingKm <= step.maxSpacingKm) return step.zoom;
  return WIDEST_SEARCH_ZOOM;
}

export function searchZoomForGrid(gridSize: number, radiusM: number): number {
  return searchZoomForSpacing(gridSpacingKm(gridSize, radiusM));
}
