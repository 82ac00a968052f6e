import { LRUCache } from 'lru-cache';
import { generateMatrix, toCoordinatesMatrix } from '@rankmaps/shared/geo/matrix';
import type { MatrixCell } from '@rankmaps/shared/schemas/places';
import type { Container } from '../../container';
import type { PlaceRow } from '../places/places.repository';

/** Grids already worked out, for each sea index (a process has one; tests make several). */
const matrices = new WeakMap<object, LRUCache<string, MatrixCell[][]>>();
/** A 25×25 grid is ~40 KB: a few thousand distinct grids stay under ~100 MB at worst. Past it, the grid used longest ago goes. */
export const MATRICES_KEPT = 2000;

/**
 * The place's grid with sea and invalid points as null. Without the sea index, no point is
 * dropped. A grid depends only on its centre, size and radius, and the lists, the place page
 * and every analyses list ask for it again; working it out (625 sea checks for 25×25) was a
 * third of those requests' time, so each is kept once made with the sea index. Callers share
 * it: it is frozen.
 */
export async function coordinatesMatrixOf(container: Pick<Container, 'seaIndex' | 'log'>, row: Pick<PlaceRow, 'id' | 'matrixConfig'>): Promise<MatrixCell[][]> {
  const { gridSize, radius, coordinates } = row.matrixConfig;
  let isSea: ((lat: number, lng: number) => boolean) | undefined;
  try {
    await container.seaIndex.ready();
    isSea = (lat, lng) => container.seaIndex.isSea(lat, lng);
  } catch (err) {
    container.log.warn({ err }, 'índice de mar no disponible: matriz sin filtrar');
  }
  const key = `${gridSize} ${radius} ${coordinates.lat} ${coordinates.lng}`;
  let kept = matrices.get(container.seaIndex);
  const hit = isSea ? kept?.get(key) : undefined;
  if (hit) return hit;
  try {
    const points = generateMatrix({ centerLat: coordinates.lat, centerLng: coordinates.lng, maxDistance: radius, size: gridSize }, isSea ? { isSea } : {});
    const matrix = deepFreeze(toCoordinatesMatrix(points, gridSize));
    if (isSea) {
      if (!kept) matrices.set(container.seaIndex, (kept = new LRUCache({ max: MATRICES_KEPT })));
      kept.set(key, matrix);
    }
    return matrix;
  } catch (err) {
    container.log.warn({ err, placeId: row.id }, 'matriz del lugar no válida');
    return Array.from({ length: gridSize }, () => Array.from({ length: gridSize }, () => null));
  }
}

function deepFreeze(matrix: MatrixCell[][]): MatrixCell[][] {
  for (const cells of matrix) {
    for (const cell of cells) if (cell) Object.freeze(cell);
    Object.freeze(cells);
  }
  return Object.freeze(matrix) as MatrixCell[][];
}
