import type { TFunction } from 'i18next';
import { ApiError } from '@/lib/api-client';

/**
 * The text under 'Error al crear el ticket' (docs/product.md §8): the server's `error` field; an answer
 * without one (or a status other than 200) gets the generic sentence; anything else its own
 * message (network failure, or 'reCAPTCHA no está disponible en este momento').
 */
export function supportErrorMessage(err: unknown, t: TFunction<'support'>): string {
  if (err instanceof ApiError) {
    // api-client falls back to "Error <status>" when the answer carried no `error` field.
    const noErrorField = err.status > 0 && err.message === `Error ${err.status}`;
    return noErrorField ? t('error.generic') : err.message;
  }
  if (err instanceof Error && err.message) return err.message;
  return t('error.generic');
}
