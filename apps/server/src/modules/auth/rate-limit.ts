import type { RateLimitOptions } from '@fastify/rate-limit';
import type { Config } from '../../config';
import { AppError } from '../../errors';

export const TOO_MANY_ATTEMPTS = 'Demasiados intentos. Inténtalo de nuevo en unos minutos.';

/**
 * Per-IP limit for the endpoints that guess passwords, create accounts or send mail.
 * Each route counts on its own; the error goes through the common error handler.
 */
export function authRateLimit(config: Config): RateLimitOptions {
  return {
    max: config.rateLimit.authMax,
    timeWindow: '15 minutes',
    errorResponseBuilder: () => new AppError('RATE_LIMITED', TOO_MANY_ATTEMPTS, 429),
  };
}
