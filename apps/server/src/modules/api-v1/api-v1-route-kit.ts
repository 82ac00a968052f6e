import { errorResponseSchema } from '@rankmaps/shared/schemas/common';
import { requireScope } from './api-key-auth';

// What every /api/v1 route file shares: the OpenAPI tag and security, the error answers, and
// the scope preHandlers (docs/api.md «Permisos»).

export const tags = ['API v1'];
export const security = [{ apiKey: [] }];
export const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 429: errorResponseSchema };
export const withNotFound = { ...errors, 404: errorResponseSchema };
/** POSTs that create or spend: they may be refused by the service (402/403/409) and by Idempotency-Key (409). */
export const writeErrors = { ...withNotFound, 409: errorResponseSchema };
export const read = { preHandler: requireScope('read') };

export const PLACE_NOT_FOUND = 'Negocio no encontrado.';
export const KEYWORD_NOT_FOUND = 'Keyword no encontrada.';
export const ANALYSIS_NOT_FOUND = 'Análisis no encontrado.';

/** The Idempotency-Key header as OpenAPI shows it on the POSTs that take it. */
export const IDEMPOTENCY_DOC =
  ' Cabecera opcional `Idempotency-Key` (1–255 caracteres ASCII imprimibles, válida 24 h): repetir la petición con la misma clave y el mismo cuerpo devuelve la primera respuesta (cabecera `Idempotent-Replayed: true`); con otro cuerpo, 409 IDEMPOTENCY_KEY_REUSED; mientras la primera sigue en curso, 409 IDEMPOTENCY_IN_PROGRESS.';
