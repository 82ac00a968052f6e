import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { resolveValidationMessage } from '@rankmaps/shared/messages';
import { AppError } from '../errors';

// Fastify's own client errors (bad JSON, wrong content type, oversize body...) mapped to Spanish.
const fastifyCodes: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'El cuerpo de la petición no es un JSON válido.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'El cuerpo de la petición está vacío.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'La petición es demasiado grande.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Tipo de contenido no admitido.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'La longitud del cuerpo de la petición no es válida.',
  FST_ERR_VALIDATION: 'Datos no válidos.',
  FST_ERR_BAD_URL: 'La dirección solicitada no es válida.',
  FST_ERR_ASYNC_CONSTRAINT: 'La petición no es válida.',
  FST_ERR_INVALID_URL: 'La dirección solicitada no es válida.',
  FST_ERR_CTP_INVALID_TYPE: 'Tipo de contenido no admitido.',
};

function fieldLabel(path: string): string {
  // instancePath looks like "/email" or "/billingData/city".
  const clean = path.replace(/^\//, '').replaceAll('/', '.');
  return clean ? `«${clean}»` : '';
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
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response did not match its schema');
      return reply.status(500).send({ error: 'Error interno del servidor.', code: 'INTERNAL' });
    }
    const status = err.statusCode ?? 500;
    if (status < 500) {
      const message = (err.code && fastifyCodes[err.code]) ?? (status === 429 ? 'Demasiadas peticiones. Inténtalo de nuevo en unos minutos.' : 'La petición no es válida.');
      request.log.info({ code: err.code, status }, 'client error');
      return reply.status(status).send({ error: message, code: err.code ?? 'BAD_REQUEST' });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ error: 'Error interno del servidor.', code: 'INTERNAL' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ error: 'Recurso no encontrado.', code: 'NOT_FOUND' });
  });
}
