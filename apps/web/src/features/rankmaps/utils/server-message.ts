import { ApiError } from '@/lib/api-client';

/** The server's sentence for a refusal it explains (4xx), else the screen's own fallback. */
export function serverMessage(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.status >= 400 && err.status < 500 && err.message ? err.message : fallback;
}
