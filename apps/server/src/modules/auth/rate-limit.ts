import type { Config } from '../../config';
import type { SharedRateLimit } from '../rate-limits/shared-rate-limit';

export const TOO_MANY_ATTEMPTS = 'Demasiados intentos. Inténtalo de nuevo en unos minutos.';

/**
 * Per-address limit for the endpoints that guess passwords, create accounts or send mail,
 * counted in the database (see shared-rate-limit.ts). Each route counts on its own, under
 * the name given here.
 */
export function authRateLimit(config: Config, name: string): SharedRateLimit {
  return { name: `auth:${name}`, max: config.rateLimit.authMax, windowSeconds: 15 * 60, message: TOO_MANY_ATTEMPTS };
}
