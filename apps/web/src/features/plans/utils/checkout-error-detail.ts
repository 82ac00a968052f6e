import { ApiError } from '@/lib/api-client';

/**
 * The server's reason to show under the spec's checkout failure text, or null. A refusal
 * (4xx) says why; so does the API's own 503 (`code` set: no payment provider configured,
 * «Los pagos no están disponibles en este momento…»). A crash (500), a proxy's error page
 * (no code) or a network failure (status 0) has nothing useful to add.
 */
export function checkoutErrorDetail(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status <= 0) return null;
  if (error.status < 500) return error.message;
  if (error.status === 503 && error.code) return error.message;
  return null;
}
