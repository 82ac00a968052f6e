import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors';

/**
 * A limit of a sensitive endpoint (sign-in, sign-up, password reset, contact, support, picture
 * uploads; policy.ts), counted exactly in the database through @fastify/rate-limit's
 * PostgreSQL store (postgres-store.ts), so it holds across API processes and restarts.
 */
export interface SharedRateLimit {
  /** Names the counter: each endpoint counts on its own. */
  name: string;
  max: number;
  windowSeconds: number;
  /** The Spanish message of the 429 answer. */
  message: string;
}

/** What a limiting hook counts, readable from the route table (the security tests walk it). */
export interface LimitingHook {
  (request: FastifyRequest, reply: FastifyReply): Promise<void>;
  sharedRateLimit: SharedRateLimit & { per: 'address' | 'user' };
}

export function sharedRateLimitOf(hook: unknown): LimitingHook['sharedRateLimit'] | undefined {
  return typeof hook === 'function' ? (hook as Partial<LimitingHook>).sharedRateLimit : undefined;
}

/**
 * Counts one request of the client `keyOf` names against the limit; past it, answers 429
 * with the limit's message and a Retry-After header saying when the window ends.
 */
function limitingHook(
  app: FastifyInstance,
  limit: SharedRateLimit,
  per: 'address' | 'user',
  keyOf: (request: FastifyRequest) => string,
): LimitingHook {
  const count = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.windowSeconds * 1000,
    keyGenerator: (request) => `${limit.name}\u0000${keyOf(request)}`,
    // The global limit's allow list (static files) is not this limit's.
    allowList: [],
  });
  const hook = async (request: FastifyRequest, reply: FastifyReply) => {
    const counted = await count(request);
    if (counted.isAllowed || !counted.isExceeded) return;
    reply.header('retry-after', String(Math.max(1, counted.ttlInSeconds)));
    throw new AppError('RATE_LIMITED', limit.message, 429);
  };
  return Object.assign(hook, { sharedRateLimit: { ...limit, per } });
}

/** An onRequest hook limiting each client address (before the body is read or validated). */
export function limitPerAddress(app: FastifyInstance, limit: SharedRateLimit): LimitingHook {
  return limitingHook(app, limit, 'address', (request) => request.ip);
}

/** A hook limiting each signed-in user; it must run after `app.authenticate`. */
export function limitPerUser(app: FastifyInstance, limit: SharedRateLimit): LimitingHook {
  return limitingHook(app, limit, 'user', (request) => {
    if (!request.userId) throw new Error('limitPerUser needs app.authenticate to run first');
    return request.userId;
  });
}
