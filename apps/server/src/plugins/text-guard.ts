import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../errors';

export const UNSTORABLE_TEXT_MESSAGE = 'El texto contiene caracteres no válidos.';

/** A UTF-16 surrogate without its pair. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Nesting deeper than this has already been refused by the route's schema. */
const MAX_DEPTH = 32;

/**
 * Whether any string in the value holds text PostgreSQL cannot store as it is. Both are
 * valid in JSON and pass every schema: a NUL makes the database refuse the statement, and a
 * lone surrogate is silently stored as U+FFFD (so "x\uD800" would come back as "x�").
 */
export function hasUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000') || LONE_SURROGATE.test(value);
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH || Buffer.isBuffer(value)) return false;
  return Object.values(value).some((v) => hasUnstorableText(v, depth + 1));
}

async function refuseUnstorableText(request: FastifyRequest): Promise<void> {
  if (hasUnstorableText(request.params) || hasUnstorableText(request.query) || hasUnstorableText(request.body)) {
    throw badRequest(UNSTORABLE_TEXT_MESSAGE, 'INVALID_TEXT');
  }
}

/**
 * Refuses, for every route, input whose text the database cannot keep: one clear 400 before
 * any handler runs, instead of a database error halfway through or a silently changed
 * character. A preHandler, so it also sees the multipart fields that PUT /api/user reads in
 * its own preValidation.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preHandler', refuseUnstorableText);
}
