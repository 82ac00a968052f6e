import { GBP_ERROR_CODES, GBP_ERROR_STATUS } from '@rankmaps/shared/schemas/gbp';
import { AppError } from '../../errors';
import { GbpRefusedError } from '../../providers/gbp';

// The reviews' own answers when the Business Profile cannot serve them (docs/decisions.md §32.4, docs/api.md).

export const REVIEWS_NOT_CONNECTED = 'Conecta el Perfil de Empresa de Google de este negocio para ver y responder sus reseñas.';
export const REVIEWS_RECONNECT =
  'La conexión con el Perfil de Empresa de Google ha caducado o se ha revocado. Vuelve a conectarla para ver y responder las reseñas.';
export const REVIEW_NOT_FOUND = 'Reseña no encontrada.';
export const TEMPLATE_NOT_FOUND = 'Plantilla no encontrada.';

// Codes as literals: api-v1-error-codes.test.ts reads them from this file for docs/api.md.
export const reviewsNotConnected = () => new AppError('GBP_NOT_CONNECTED', REVIEWS_NOT_CONNECTED, GBP_ERROR_STATUS);
export const reviewsReconnect = () => new AppError('GBP_RECONNECT_REQUIRED', REVIEWS_RECONNECT, GBP_ERROR_STATUS);
export const replyRefused = (reason: string) => new AppError('GBP_REPLY_REFUSED', `Google ha rechazado la respuesta: ${reason}`, 422);
export const reviewsUnavailable = () =>
  new AppError('GBP_UNAVAILABLE', 'Google Business Profile no responde. Inténtalo de nuevo en unos minutos.', 502);

/** The GBP module's answers in the reviews' words: not connected and expired get the reviews' messages and codes. */
export function asReviewsError(err: unknown): unknown {
  if (err instanceof GbpRefusedError) return replyRefused(err.message);
  if (err instanceof AppError && err.code === GBP_ERROR_CODES.notConnected) return reviewsNotConnected();
  if (err instanceof AppError && err.code === GBP_ERROR_CODES.reauthRequired) return reviewsReconnect();
  // Google no longer shows this connection the location: as good as not connected.
  if (err instanceof AppError && err.code === 'GBP_LOCATION_NOT_FOUND') return reviewsNotConnected();
  if (err instanceof AppError && err.code === 'GBP_UNAVAILABLE') return reviewsUnavailable();
  return err;
}
