import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors';

export const TOO_MANY_API_CALLS = 'Has superado el límite de peticiones de esta clave de API. Espera al siguiente minuto.';

/**
 * The per-key limit of /api/v1 (docs/decisions.md §26.2): RATE_LIMIT_API_MAX calls a minute,
 * counted exactly in the database like the sensitive endpoints (rate-limits/postgres-store.ts),
 * told on every answer through RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset
 * (seconds until the window ends). It runs after the key's authentication.
 */
export function limitPerApiKey(app: FastifyInstance, max: number) {
  return limitPerCredential(app, max, 'api-v1', (request) => request.apiKey?.id, TOO_MANY_API_CALLS);
}

/** The same limit for another credential of the API: `idOf` names it (an OAuth grant on /mcp, docs/decisions.md §33.2). */
export function limitPerCredential(app: FastifyInstance, max: number, name: string, idOf: (request: FastifyRequest) => string | undefined, message: string) {
  const count = app.createRateLimit({ max, timeWindow: 60_000, keyGenerator: (request) => `${name}\u0000${idOf(request) ?? ''}`, allowList: [] });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!idOf(request)) throw new Error(`the ${name} limit needs the authentication to run first`);
    const counted = await count(request);
    if (counted.isAllowed) return;
    const reset = String(Math.max(1, counted.ttlInSeconds));
    reply.header('ratelimit-limit', String(counted.max));
    reply.header('ratelimit-remaining', String(Math.max(0, counted.remaining)));
    reply.header('ratelimit-reset', reset);
    if (counted.isExceeded) {
      reply.header('retry-after', reset);
      throw new AppError('RATE_LIMITED', message, 429);
    }
  };
}
