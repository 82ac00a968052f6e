import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { resolveValidationMessage } from '@rankmaps/shared/messages';
import { AppError } from '../errors';
import { UNSTORABLE_TEXT_MESSAGE } from './text-guard';
import { allowedMethods, methodNotAllowedMessage } from './method-not-allowed';

// Fastify's own client errors (bad JSON, wrong content type, oversize body...) mapped to Spanish.
const fastifyCodes: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'El cuerpo de la petición no es un JSON válido.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'El cuerpo de la petición está vacío.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'La petición es demasiado grande.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Tipo de contenido no admitido.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'La longitud del cuerpo de la petición no es válida.',
  FST_ERR_VALIDATION: 'Datos no válidos.',
  FST_ERR_BAD_URL: 'La dirección solicitada no es válida.',
  FST_ERR_MAX_PARAM_LENGTH: 'La dirección solicitada es demasiado larga.',
  FST_ERR_ASYNC_CONSTRAINT: 'La petición no es válida.',
  FST_ERR_INVALID_URL: 'La dirección solicitada no es válida.',
  FST_ERR_CTP_INVALID_TYPE: 'Tipo de contenido no admitido.',
};

function fieldLabel(path: string): string {
  // instancePath looks like "/email" or "/billingData/city".
  const clean = path.replace(/^\//, '').replaceAll('/', '.');
  return clean ? `«${clean}»` : '';
}

/**
 * PostgreSQL refusing text that no text or jsonb value can hold: a NUL character (22021 in
 * text, 22P05 in jsonb) or a lone UTF-16 surrogate in jsonb (22P02 "invalid input syntax for
 * type json"). Both are valid JSON strings, so they pass every schema and reach the database;
 * the text is the client's, so the error is theirs (400), not the server's (500). Where the
 * text guard (text-guard.ts) is registered it refuses such input before any handler runs;
 * this catches whatever still gets through. The drivers wrap the database error: its code
 * is on the error's `cause`.
 */
function isUnstorableText(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; depth < 5 && e && typeof e === 'object'; depth++, e = (e as { cause?: unknown }).cause) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (code === '22021' || code === '22P05') return true;
    if (code === '22P02' && typeof message === 'string' && message.includes('type json')) return true;
  }
  return false;
}

/**
 * Fastify's `frameworkErrors` option. The router refuses some URLs (broken percent-encoding,
 * a path parameter longer than maxParamLength) before any route or error handler runs, and
 * would answer them in English; this gives them the same Spanish answer as every other error.
 */
export function frameworkErrors(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  request.log.info({ code: err.code }, 'client error');
  void reply.status(err.statusCode ?? 400).send({ error: fastifyCodes[err.code] ?? 'La petición no es válida.', code: err.code });
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send({ error: err.message, code: err.code, ...(err.errorType ? { errorType: err.errorType } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const raw = first?.message ?? 'Datos no válidos.';
      const resolved = resolveValidationMessage(raw, 'es');
      // Catalogue messages stand alone; zod's generic ones are prefixed with the field.
      const label = raw.startsWith('v:') ? '' : fieldLabel(first?.instancePath ?? '');
      return reply.status(400).send({ error: label ? `${label}: ${resolved}` : resolved, code: 'VALIDATION_ERROR' });
    }
    if (isUnstorableText(err)) {
      request.log.info({ code: 'INVALID_TEXT' }, 'client error: text the database cannot store');
      return reply.status(400).send({ error: UNSTORABLE_TEXT_MESSAGE, code: 'INVALID_TEXT' });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response did not match its schema');
      return reply.status(500).send({ error: 'Error interno del servidor.', code: 'INTERNAL' });
    }
    const status = err.statusCode ?? 500;
    if (status < 500) {
      const message = (err.code && fastifyCodes[err.code]) ?? (status === 429 ? 'Demasiadas peticiones. Inténtalo de nuevo en unos minutos.' : 'La petición no es válida.');
      request.log.info({ code: err.code, status }, 'client error');
      // The global per-address limit (@fastify/rate-limit) throws its 429 without a code.
      return reply.status(status).send({ error: message, code: err.code ?? (status === 429 ? 'RATE_LIMITED' : 'BAD_REQUEST') });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ error: 'Error interno del servidor.', code: 'INTERNAL' });
  });

  app.setNotFoundHandler((request, reply) => {
    const allowed = allowedMethods(app, request.url);
    if (allowed.length) {
      return reply.status(405).header('allow', allowed.join(', ')).send({ error: methodNotAllowedMessage(allowed), code: 'METHOD_NOT_ALLOWED' });
    }
    return reply.status(404).send({ error: 'Recurso no encontrado.', code: 'NOT_FOUND' });
  });
}
