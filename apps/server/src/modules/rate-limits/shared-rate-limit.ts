import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Container } from '../../container';
import { AppError } from '../../errors';
import { requestCounterRepository } from './request-counter.repository';

/**
 * Rate limits of the sensitive endpoints (sign-in, sign-up, password reset, contact, support,
 * picture uploads), counted in the database.
 *
 * Why not @fastify/rate-limit alone: its counters live in each process's memory, so N API
 * processes behind a load balancer would allow N times each limit, and a restart would
 * forget them. These endpoints are rare and already expensive (argon2, e-mail, image
 * decoding), so one indexed upsert per request costs little next to what they do.
 *
 * The global per-address limit of every other API call stays in memory (app.ts): at about
 * 1,000 requests per second a database write per call would cost more than the flood it
 * guards against, and its purpose (keep one client from monopolising a process) holds per
 * process. Known limit: with N processes one address may make up to N times RATE_LIMIT_GLOBAL_MAX.
 */
export interface SharedRateLimit {
  /** Names the counter: each endpoint counts on its own. */
  name: string;
  max: number;
  windowSeconds: number;
  /** The Spanish message of the 429 answer. */
  message: string;
}

/** Old windows are purged on about one request in this many: no scheduler needed, no table growth. */
const PURGE_ONE_IN = 200;

function bucketOf(name: string, key: string): string {
  return createHash('sha256').update(`${name}\u0000${key}`, 'utf8').digest('hex');
}

/**
 * Counts one request of `key` (an address, a user id) against the limit; past it, answers
 * 429 with the limit's message and a Retry-After header saying when the window ends.
 */
export async function consumeRateLimit(container: Pick<Container, 'database' | 'log'>, reply: FastifyReply, limit: SharedRateLimit, key: string): Promise<void> {
  const db = container.database.db;
  const { hits, secondsLeft } = await requestCounterRepository.hit(db, bucketOf(limit.name, key), limit.windowSeconds);
  if (Math.random() < 1 / PURGE_ONE_IN) {
    requestCounterRepository.purgeEnded(db).catch((err: unknown) => container.log.warn({ err }, 'could not purge request counters'));
  }
  if (hits <= limit.max) return;
  reply.header('retry-after', String(Math.max(1, Math.ceil(secondsLeft))));
  throw new AppError('RATE_LIMITED', limit.message, 429);
}

/** What a limiting hook counts, readable from the route table (the security tests walk it). */
export interface LimitingHook {
  (request: FastifyRequest, reply: FastifyReply): Promise<void>;
  sharedRateLimit: SharedRateLimit & { per: 'address' | 'user' };
}

export function sharedRateLimitOf(hook: unknown): LimitingHook['sharedRateLimit'] | undefined {
  return typeof hook === 'function' ? (hook as Partial<LimitingHook>).sharedRateLimit : undefined;
}

/** An onRequest hook limiting each client address (before the body is read or validated). */
export function limitPerAddress(container: Pick<Container, 'database' | 'log'>, limit: SharedRateLimit): LimitingHook {
  const hook = async (request: FastifyRequest, reply: FastifyReply) => consumeRateLimit(container, reply, limit, request.ip);
  return Object.assign(hook, { sharedRateLimit: { ...limit, per: 'address' as const } });
}

/** A hook limiting each signed-in user; it must run after `app.authenticate`. */
export function limitPerUser(container: Pick<Container, 'database' | 'log'>, limit: SharedRateLimit): LimitingHook {
  const hook = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.userId) throw new Error('limitPerUser needs app.authenticate to run first');
    await consumeRateLimit(container, reply, limit, request.userId);
  };
  return Object.assign(hook, { sharedRateLimit: { ...limit, per: 'user' as const } });
}
