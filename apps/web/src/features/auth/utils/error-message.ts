import { ApiError } from '@/lib/api-client';

/**
 * The API's own sentence when it sent one (always Spanish, from the server catalogue),
 * else the page's fallback text in the current language.
 */
export function apiErrorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.message && err.message !== `Error ${err.status}`) return err.message;
  return fallback;
}
