import { resolveValidationMessage } from '@rankmaps/shared/messages';
import { z } from 'zod';
import { badRequest } from '../errors';
import { PAGE_LIMIT_MAX } from '../modules/api-v1/cursor';

// The input fields the MCP tools share, with Spanish messages. Ids are any text up to 100
// characters: one that is not a UUID, or is another user's, is "not found" (as in /api/v1),
// never a validation error that would tell the two apart.

export const idField = (what: string) =>
  z.string(`${what} debe ser un texto.`).min(1, `${what} no puede estar vacío.`).max(100, `${what} no es válido.`);

export const cursorField = z
  .string('cursor debe ser el valor de nextCursor de la página anterior.')
  .max(200, 'cursor debe ser el valor de nextCursor de la página anterior.')
  .optional()
  .describe('nextCursor de la página anterior / nextCursor of the previous page');

export const limitField = z
  .number('limit debe ser un número entero entre 1 y 100.')
  .int('limit debe ser un número entero entre 1 y 100.')
  .min(1, 'limit debe ser un número entero entre 1 y 100.')
  .max(PAGE_LIMIT_MAX, 'limit debe ser un número entero entre 1 y 100.')
  .optional()
  .describe('1–100, 50 por defecto / 1–100, default 50');

/** The confirmation of a tool that spends, creates or changes (docs/mcp.md «Confirmation and idempotencyKey»). */
export const confirmField = z
  .boolean('confirm debe ser true o false.')
  .optional()
  .describe('Sin confirm: true solo responde lo que haría y su coste, sin hacer nada / without confirm: true it only answers what it would do and its cost, doing nothing');

/** The zod issues of a schema parsed inside a tool, as the Spanish 400 a route would answer. */
export function parsedOr400<T>(result: { success: true; data: T } | { success: false; error: { issues: { message: string }[] } }): T {
  if (result.success) return result.data;
  throw badRequest(resolveValidationMessage(result.error.issues[0]?.message ?? 'Los argumentos no son válidos.'), 'VALIDATION_ERROR');
}
