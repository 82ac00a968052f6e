import { GBP_ERROR_CODES, GBP_ERROR_STATUS } from '@rankmaps/shared/schemas/gbp';
import { AppError, notFound } from '../../errors';
import { GbpAuthError, GbpNotFoundError, GbpUnavailableError } from '../../providers/gbp';

// The answers of the GBP calls when the connection cannot serve them (docs/product.md §8). Both GBP
// codes answer 409 (docs/decisions.md §20): the web shows the connect prompt.

export const gbpNotConnected = () =>
  new AppError(GBP_ERROR_CODES.notConnected, 'Conecta tu cuenta de Google Business Profile para ver sus estadísticas.', GBP_ERROR_STATUS);

export const gbpReauthRequired = () =>
  new AppError(GBP_ERROR_CODES.reauthRequired, 'La conexión con Google Business Profile ha caducado. Vuelve a conectar tu cuenta.', GBP_ERROR_STATUS);

export const gbpLocationNotFound = () => notFound('No se ha encontrado esa ubicación en tu cuenta de Google Business Profile.', 'GBP_LOCATION_NOT_FOUND');

export const gbpUnavailable = () => new AppError('GBP_UNAVAILABLE', 'Google Business Profile no responde. Inténtalo de nuevo en unos minutos.', 502);

/** A provider error as the user sees it; auth errors are handled before (they expire the connection). */
export function toAppError(err: unknown): unknown {
  if (err instanceof GbpNotFoundError) return gbpLocationNotFound();
  if (err instanceof GbpUnavailableError) return gbpUnavailable();
  if (err instanceof GbpAuthError) return gbpReauthRequired();
  return err;
}
