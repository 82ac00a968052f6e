import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether an Authorization header carries `Bearer <token>`. Both sides are hashed first, so
 * the comparison takes the same time whatever the length or the first wrong character.
 */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? '');
  return timingSafeEqual(digest(match?.[1] ?? ''), digest(token)) && match !== null;
}

/** What a request without the right token gets, from the API and from a worker: the status and a Spanish message, no series. */
export const METRICS_UNAUTHORIZED = { error: 'Falta el token de métricas o no es válido.', code: 'METRICS_UNAUTHORIZED' } as const;
