import { searchZoomForGrid } from '@rankmaps/shared/geo/search-zoom';
import type { TargetBusiness } from '@rankmaps/shared/metrics';
import type { MatrixCell } from '@rankmaps/shared/schemas/places';
import type { Container } from '../../../container';
import type { RankMapGrid, RankMapPoint, RankMapTarget } from '../rankmaps.repository';
import type { MapsSearchRequest } from '../../../providers/maps-search/interface';
import { coordinatesMatrixOf } from '../../geo/coordinates-matrix';
import type { PlaceColumns as PlaceRow } from '../../places/place-schedule';

/** The zoom of analyses made before the zoom followed the grid's spacing: their searches keep it. */
export const LEGACY_SEARCH_ZOOM = 13;
/** The language of analyses made before markets, which all searched in Spanish. */
export const LEGACY_SEARCH_LANGUAGE = 'es';

/**
 * The place's grid as an analysis keeps it: only valid points (numeric coordinates, not on
 * the sea: the same cells the place's coordinatesMatrix shows), numbered row by row.
 */
export async function gridSnapshotOf(container: Pick<Container, 'log' | 'seaIndex'>, place: PlaceRow): Promise<RankMapGrid> {
  const matrix = await coordinatesMatrixOf(container, place);
  const points: RankMapPoint[] = [];
  matrix.forEach((cells, row) =>
    cells.forEach((cell, col) => {
      if (isValidPoint(cell)) points.push({ index: points.length, row, col, lat: cell.lat, lng: cell.lng });
    }),
  );
  const { gridSize, radius, coordinates } = place.matrixConfig;
  // The zoom is kept with the grid, so every search of the analysis (a retry, a re-queued scan) uses the same one.
  return { gridSize, radius, center: { lat: coordinates.lat, lng: coordinates.lng }, points, zoom: searchZoomForGrid(gridSize, radius) };
}

const isValidPoint = (cell: MatrixCell): cell is NonNullable<MatrixCell> => cell !== null && Number.isFinite(cell.lat) && Number.isFinite(cell.lng);

/** How many points gridSnapshotOf would keep, without building them (the analyses list shows the next weekly scan's size). */
export async function validPointCount(container: Pick<Container, 'log' | 'seaIndex'>, place: Pick<PlaceRow, 'id' | 'matrixConfig'>): Promise<number> {
  let n = 0;
  for (const cells of await coordinatesMatrixOf(container, place)) for (const cell of cells) if (isValidPoint(cell)) n++;
  return n;
}

/** The business and its market as the analysis keeps them (docs/decisions.md §21.3). */
export function targetOf(place: PlaceRow): RankMapTarget {
  return {
    placeId: place.googlePlaceId,
    name: place.name,
    lat: place.lat,
    lng: place.lng,
    rating: place.rating,
    totalReviews: place.totalReviews,
    regionCode: place.countryCode,
    languageCode: place.searchLanguage,
    cid: place.cid,
  };
}

/** Our business as the metrics match it: by id first, so service-area businesses are found too. */
export function metricsTarget(target: RankMapTarget): TargetBusiness {
  return { placeId: target.placeId, name: target.name, lat: target.lat, lng: target.lng, cid: target.cid ?? null };
}

/**
 * The search from one point, in the place's market (its country and language) and at the grid's
 * zoom. A service-area business takes part in the demo market at its grid's centre.
 */
export function searchRequest(input: { query: string; target: RankMapTarget; grid: Pick<RankMapGrid, 'center' | 'zoom'>; point: RankMapPoint; at: Date }): MapsSearchRequest {
  const { query, target, grid, point, at } = input;
  const { center } = grid;
  return {
    query,
    lat: point.lat,
    lng: point.lng,
    zoom: grid.zoom ?? LEGACY_SEARCH_ZOOM,
    languageCode: target.languageCode ?? LEGACY_SEARCH_LANGUAGE,
    regionCode: target.regionCode,
    target: { placeId: target.placeId, name: target.name, lat: target.lat ?? center.lat, lng: target.lng ?? center.lng, rating: target.rating, totalReviews: target.totalReviews },
    now: at,
  };
}
