import { GBP_ERROR_CODES } from '@rankmaps/shared/schemas/gbp';
import { ApiError } from '@/lib/api-client';

/**
 * How the screen treats a failed GBP call (docs/product.md §8): the connection codes lead to the connect prompt
 * (expired when Google refused the tokens), anything else is an error with the server's text when
 * there is one (null: use the screen's fallback, e.g. 'Error cargando locations').
 */
export type GbpErrorView = { kind: 'connect'; expired: boolean } | { kind: 'error'; message: string | null };

export function gbpErrorView(err: unknown): GbpErrorView {
  if (err instanceof ApiError) {
    if (err.code === GBP_ERROR_CODES.reauthRequired) return { kind: 'connect', expired: true };
    if (err.code === GBP_ERROR_CODES.notConnected) return { kind: 'connect', expired: false };
    // Status 0 is a network failure: the server said nothing.
    if (err.status > 0 && err.message) return { kind: 'error', message: err.message };
  }
  return { kind: 'error', message: null };
}

/** The connection codes are answers, not hiccups: retrying them (or any 4xx) cannot help. */
export function retryGbp(count: number, err: Error): boolean {
  if (err instanceof ApiError && err.status >= 400 && err.status < 500) return false;
  return count < 1;
}
