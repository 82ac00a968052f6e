import type { TFunction } from 'i18next';
import { ApiError } from '@/lib/api-client';

/**
 * The text under 'Error al enviar el mensaje' (docs/product.md §8): the server's `error` field; a
 * non-200 without one gets the generic sentence; anything else its own message (network
 * failure, captcha unavailable).
 */
export function contactErrorMessage(err: unknown, t: TFunction<'contact'>): string {
  if (err instanceof ApiError) {
    // api-client falls back to "Error <status>" when the answer carried no `error` field.
    const noErrorField = err.status > 0 && err.message === `Error ${err.status}`;
    return noErrorField ? t('error.generic') : err.message;
  }
  if (err instanceof Error && err.message) return err.message;
  return t('error.generic');
}
