import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Container } from '../../container';
import { postgresRateLimitStore } from './postgres-store';
import type { SharedRateLimit } from './shared-rate-limit';

/**
 * Every rate limit of the API, all counted by @fastify/rate-limit on the PostgreSQL store
 * (postgres-store.ts), so each holds across API processes:
 *
 * - every API call: RATE_LIMIT_GLOBAL_MAX a minute per address, counted in memory and shared
 *   every RATE_LIMIT_GLOBAL_FLUSH_MS (fails open to per-process counting);
 * - sensitive endpoints: counted exactly, one database upsert per request (fail closed, 503).
 *   Each counts on its own, under its name, per address or (once signed in) per user.
 */
export const TOO_MANY_ATTEMPTS = 'Demasiados intentos. Inténtalo de nuevo en unos minutos.';
export const TOO_MANY_REQUESTS = 'Demasiadas peticiones. Inténtalo de nuevo en unos minutos.';
export const TOO_MANY_UPLOADS = 'Has subido demasiadas fotos de perfil. Inténtalo de nuevo más tarde.';

const FIFTEEN_MINUTES = 15 * 60;

export const rateLimitPolicy = {
  /** Endpoints that guess passwords, create accounts or send mail, per address; `name` is the route's. */
  auth: (config: Config, name: string): SharedRateLimit => ({
    name: `auth:${name}`,
    max: config.rateLimit.authMax,
    windowSeconds: FIFTEEN_MINUTES,
    message: TOO_MANY_ATTEMPTS,
  }),
  /** The sign-in forms' budget: a person sends a handful of messages, a bot many. Per address. */
  contact: (config: Config): SharedRateLimit => ({
    name: 'contact',
    max: config.rateLimit.authMax,
    windowSeconds: FIFTEEN_MINUTES,
    message: TOO_MANY_REQUESTS,
  }),
  /** The contact form's budget, per account (not per address, which a whole office may share). */
  support: (config: Config): SharedRateLimit => ({
    name: 'support',
    max: config.rateLimit.authMax,
    windowSeconds: FIFTEEN_MINUTES,
    message: TOO_MANY_REQUESTS,
  }),
  /** Live chat messages per user a minute (docs/support.md, «Chat en vivo»): a person types a few, a script hundreds. */
  chat: (config: Config): SharedRateLimit => ({
    name: 'chat',
    max: config.rateLimit.chatMax,
    windowSeconds: 60,
    message: TOO_MANY_REQUESTS,
  }),
  /** Profile pictures per user per hour: decoding and re-encoding images costs CPU and disk. */
  avatarUpload: (config: Config): SharedRateLimit => ({
    name: 'avatar-upload',
    max: config.rateLimit.uploadMax,
    windowSeconds: 3600,
    message: TOO_MANY_UPLOADS,
  }),
  /**
   * Views of shared reports per address a minute (docs/decisions.md §24.4): a reader opens a
   * handful, a token guesser thousands. Each view also builds a report, which costs queries.
   */
  shareView: (config: Config): SharedRateLimit => ({
    name: 'share-view',
    max: config.rateLimit.shareMax,
    windowSeconds: 60,
    message: TOO_MANY_REQUESTS,
  }),
};

/**
 * The global per-address limit of every API call, and the store the route limits count on.
 * The SPA's static files are not counted, or one page view (dozens of chunks) would eat a
 * whole office's budget behind a shared address. Its 429 is the error handler's Spanish one.
 */
export async function registerRateLimits(app: FastifyInstance, container: Container): Promise<void> {
  const store = postgresRateLimitStore(container, { flushMs: container.config.rateLimit.globalFlushMs });
  app.addHook('onClose', async () => store.stop());
  await app.register(rateLimit, {
    global: true,
    max: container.config.rateLimit.globalMax,
    timeWindow: '1 minute',
    keyGenerator: (request) => `global\u0000${request.ip}`,
    allowList: (request) => !request.url.startsWith('/api/'),
    store: store.Store,
  });
}
