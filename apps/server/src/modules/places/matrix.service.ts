import { MatrixInputError, generateMatrix, toCoordinatesMatrix } from '@rankmaps/shared/geo/matrix';
import type { GenerateMatrixResponse, MatrixConfig } from '@rankmaps/shared/schemas/places';
import type { Container } from '../../container';
import { AppError, badRequest } from '../../errors';

export const seaIndexUnavailable = () =>
  new AppError('SEA_INDEX_UNAVAILABLE', 'No se ha podido comprobar qué puntos caen en el mar. Inténtalo de nuevo en unos minutos.', 503);

/**
 * The grid around a business (docs/product.md §7, POST /place/generate-matrix). With
 * `filterLandPoints`, each point is checked against the coastline: points on the sea are
 * flagged onSea and left out of the coordinates matrix, so they are never analysed or
 * charged. The first call after start-up waits for the sea index to load.
 */
export async function generateMatrixForPlace(
  container: Pick<Container, 'seaIndex' | 'log'>,
  input: MatrixConfig & { filterLandPoints: boolean },
): Promise<GenerateMatrixResponse> {
  const { filterLandPoints, ...config } = input;
  const { seaIndex } = container;
  if (filterLandPoints) {
    try {
      await seaIndex.ready();
    } catch (err) {
      container.log.error({ err }, 'índice de mar no disponible');
      throw seaIndexUnavailable();
    }
  }
  try {
    const points = generateMatrix(config, filterLandPoints ? { isSea: (lat, lng) => seaIndex.isSea(lat, lng) } : {});
    return { matrix: toCoordinatesMatrix(points, config.size), flatMatrix: points };
  } catch (err) {
    // The route's schema already refuses bad input; this keeps direct callers on a 400 too.
    if (err instanceof MatrixInputError) throw badRequest(err.message, 'VALIDATION_ERROR');
    throw err;
  }
}
