import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Container } from '../../container';
import { badRequest, conflict } from '../../errors';
import { idempotencyRepository } from './idempotency.repository';

// Idempotency-Key on the /api/v1 POSTs that spend or create (docs/api.md «Idempotency-Key»,
// docs/decisions.md §26.3). The header is optional: without it nothing is deduplicated.
// With it, the key row (API key, header) is reserved BEFORE the work, by an insert that
// ignores a conflict, so of two concurrent twins only one does the work; the other finds
// the row still in progress and gets 409 IDEMPOTENCY_IN_PROGRESS. The first answer (any
// status below 500) is kept for 24 hours and replayed with `Idempotent-Replayed: true`;
// the same key with another method, path or body is 409 IDEMPOTENCY_KEY_REUSED. A 5xx frees
// the key, so a retry does the work again. A reservation still without an answer after
// IN_PROGRESS_ABANDONED_MS (its process died mid-request) is taken over by the next request.

declare module 'fastify' {
  interface FastifyRequest {
    /** The reserved Idempotency-Key of this request, when it does the work. */
    idempotencyKey: string | null;
  }
}

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** Far longer than any idempotent POST takes (they answer in well under a second). */
export const IN_PROGRESS_ABANDONED_MS = 2 * 60 * 1000;
export const INVALID_IDEMPOTENCY_KEY = 'La cabecera Idempotency-Key debe tener entre 1 y 255 caracteres ASCII imprimibles.';
export const IDEMPOTENCY_KEY_REUSED = 'Esta Idempotency-Key ya se usó con otra petición distinta: usa una clave nueva para cada operación.';
export const IDEMPOTENCY_IN_PROGRESS = 'Hay otra petición con esta Idempotency-Key en curso: espera a que termine y repítela para recibir su respuesta.';
const PRINTABLE_ASCII = /^[\x20-\x7e]{1,255}$/;

type Deps = Pick<Container, 'database'>;

const requestHash = (request: FastifyRequest) =>
  createHash('sha256')
    .update(`${request.method}\n${request.url.split('?')[0]}\n${JSON.stringify(request.body ?? null)}`, 'utf8')
    .digest('hex');

/**
 * A preHandler of an idempotent route (after the scope check): reserves the key, or answers
 * the first answer, 409 for another body or a request still in progress, 400 for a bad header.
 */
export const idempotent = (container: Deps) => async (request: FastifyRequest, reply: FastifyReply) => {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return;
  const key = Array.isArray(raw) ? '' : raw;
  if (!PRINTABLE_ASCII.test(key)) throw badRequest(INVALID_IDEMPOTENCY_KEY, 'INVALID_IDEMPOTENCY_KEY');
  const apiKeyId = request.apiKey?.id;
  if (!apiKeyId) throw new Error('idempotent needs the API key authentication to run first');
  const db = container.database.db;
  const hash = requestHash(request);
  const now = Date.now();
  await idempotencyRepository.deleteStale(db, apiKeyId, key, new Date(now - IDEMPOTENCY_TTL_MS), new Date(now - IN_PROGRESS_ABANDONED_MS));
  if (await idempotencyRepository.reserve(db, apiKeyId, key, hash)) {
    request.idempotencyKey = key;
    return;
  }
  const row = await idempotencyRepository.find(db, apiKeyId, key);
  if (!row) throw conflict(IDEMPOTENCY_IN_PROGRESS, 'IDEMPOTENCY_IN_PROGRESS');
  if (row.requestHash !== hash) throw conflict(IDEMPOTENCY_KEY_REUSED, 'IDEMPOTENCY_KEY_REUSED');
  if (row.status === null || row.body === null) throw conflict(IDEMPOTENCY_IN_PROGRESS, 'IDEMPOTENCY_IN_PROGRESS');
  reply.header('idempotent-replayed', 'true');
  if (row.contentType) reply.header('content-type', row.contentType);
  return reply.code(row.status).send(row.body);
};

/** The onSend half: keeps the first answer of a reserved key, or frees the key after a refusal or failure. */
export async function rememberAnswer(container: Deps, request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<void> {
  const key = request.idempotencyKey;
  const apiKeyId = request.apiKey?.id;
  if (!key || !apiKeyId) return;
  request.idempotencyKey = null;
  const db = container.database.db;
  if (reply.statusCode >= 300 || typeof payload !== 'string') {
    await idempotencyRepository.release(db, apiKeyId, key);
    return;
  }
  const type = reply.getHeader('content-type');
  await idempotencyRepository.complete(db, apiKeyId, key, { status: reply.statusCode, contentType: typeof type === 'string' ? type : null, body: payload });
}

/**
 * Deletes the rows past their 24 hours, whatever their key: a key used once is never looked up
 * again, so without this sweep its row would stay for good. Returns how many were deleted.
 */
export async function sweepIdempotencyKeys(container: Deps, now = new Date()): Promise<number> {
  return idempotencyRepository.deleteExpired(container.database.db, new Date(now.getTime() - IDEMPOTENCY_TTL_MS));
}
