import { ApiError } from './api-client';

/**
 * The text under a form's «Error al enviar…» title (docs/product.md §8): the server's `error`
 * field; a non-200 answer without one gets `generic`; anything else its own message (network
 * failure, captcha unavailable).
 */
export function sendErrorText(err: unknown, generic: string): string {
  if (err instanceof ApiError) {
    // api-client falls back to "Error <status>" when the answer carried no `error` field.
    const noErrorField = err.status > 0 && err.message === `Error ${err.status}`;
    return noErrorField ? generic : err.message;
  }
  if (err instanceof Error && err.message) return err.message;
  return generic;
}
