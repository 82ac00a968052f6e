import { ApiError } from '@/lib/api-client';

/** The server's own sentence when it sent one (Spanish, from its catalogue), else the fallback. */
export function serverErrorOr(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.status > 0 && err.message && err.message !== `Error ${err.status}`) return err.message;
  return fallback;
}
