import { z } from 'zod';
import { access } from '../../plugins/route-kit';
import { type KeyAction, permissionFor } from '../api-keys/key-permissions';

// What every /api/v1 route file shares: the tag, and the declaration of an action of the
// permission table (key-permissions.ts): its operationId is the action's name and its access
// the action's permission, so a route cannot need another permission than its MCP tool.

export const tags = ['API v1'];

const PERMISSION_DOC = { read: 'Permiso read.', scans: 'Permiso scans (el permiso de escritura de la clave).' } as const;

/** The operationId, access and description of the route of `action`; the description starts with its permission. */
export function v1Action(action: KeyAction, description: string) {
  const scope = permissionFor(action);
  return { operationId: action, access: access.apiKey(scope), description: `${PERMISSION_DOC[scope]} ${description}` };
}

export const PLACE_NOT_FOUND = 'Negocio no encontrado.';
export const KEYWORD_NOT_FOUND = 'Keyword no encontrada.';
export const ANALYSIS_NOT_FOUND = 'Análisis no encontrado.';

/** The Idempotency-Key header as OpenAPI shows it on the POSTs that take it. */
export const IDEMPOTENCY_DOC =
  ' Cabecera opcional `Idempotency-Key` (1–255 caracteres ASCII imprimibles, válida 24 h): repetir la petición con la misma clave y el mismo cuerpo devuelve la primera respuesta (cabecera `Idempotent-Replayed: true`); con otro cuerpo, 409 IDEMPOTENCY_KEY_REUSED; mientras la primera sigue en curso, 409 IDEMPOTENCY_IN_PROGRESS.';

/**
 * The headers of an idempotent POST, for the API reference: `Idempotency-Key` as a header
 * parameter. Loose, so the other headers stay as they came, and without checks of its own:
 * the idempotent preHandler refuses a bad value with its own code (400 INVALID_IDEMPOTENCY_KEY).
 */
export const idempotencyHeadersSchema = z.looseObject({
  'idempotency-key': z
    .string()
    .optional()
    .describe(
      'Opcional: 1–255 caracteres ASCII imprimibles (p. ej. un UUID). Repetir la petición con la misma clave y el mismo cuerpo devuelve la primera respuesta durante 24 h.',
    ),
});
