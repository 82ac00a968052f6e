import { z } from 'zod';
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
