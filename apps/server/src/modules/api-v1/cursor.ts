import { z } from 'zod';
import { badRequest } from '../../errors';
import { isUuid } from '../../lib/uuid';

// Cursor pagination of /api/v1 (docs/api.md "Paginación", docs/decisions.md §26.2): a page is
// ordered newest first by (created_at, id); the cursor is that pair of the page's last item,
// as opaque base64url JSON. A client never builds one: it sends back `nextCursor`.

export const PAGE_LIMIT_DEFAULT = 50;
export const PAGE_LIMIT_MAX = 100;
export const INVALID_CURSOR = 'El cursor no es válido: usa el valor de nextCursor de la página anterior.';

export interface Cursor {
  createdAt: Date;
  id: string;
}

/** The querystring every paginated v1 route takes. */
export const pageQuerySchema = z.object({
  cursor: z.string().max(200, INVALID_CURSOR).optional(),
  limit: z.coerce
    .number('limit debe ser un número entero entre 1 y 100.')
    .int('limit debe ser un número entero entre 1 y 100.')
    .min(1, 'limit debe ser un número entero entre 1 y 100.')
    .max(PAGE_LIMIT_MAX, 'limit debe ser un número entero entre 1 y 100.')
    .default(PAGE_LIMIT_DEFAULT),
});

export const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify([c.createdAt.toISOString(), c.id]), 'utf8').toString('base64url');

/** The cursor a client sent back; 400 for anything this API did not give out. */
export function decodeCursor(raw: string | undefined): Cursor | null {
  if (raw === undefined) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(INVALID_CURSOR, 'INVALID_CURSOR');
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw badRequest(INVALID_CURSOR, 'INVALID_CURSOR');
  const [at, id] = parsed as unknown[];
  const createdAt = typeof at === 'string' ? new Date(at) : new Date(NaN);
  if (Number.isNaN(createdAt.getTime()) || typeof id !== 'string' || !isUuid(id)) throw badRequest(INVALID_CURSOR, 'INVALID_CURSOR');
  return { createdAt, id };
}

/** Cuts the `limit + 1` rows a query fetched into a page and the cursor of the next one (null at the end). */
export function pageOf<T extends { createdAt: Date; id: string }>(rows: T[], limit: number): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
}

/**
 * One page of a list built in full (campaigns, share links, a place's keywords), in the same
 * order and with the same cursors as a query's: newest first by (createdAt, id), the page
 * after `cursor`, at most `limit` items. Times are compared as the ISO strings the items
 * carry, so a cursor made from an item always falls exactly on it.
 */
export function pageOfAll<T extends { createdAt: string; id: string }>(all: readonly T[], cursor: Cursor | null, limit: number): { items: T[]; nextCursor: string | null } {
  const newestFirst = (a: { createdAt: string; id: string }, b: { createdAt: string; id: string }) =>
    a.createdAt === b.createdAt ? (a.id < b.id ? 1 : a.id > b.id ? -1 : 0) : a.createdAt < b.createdAt ? 1 : -1;
  const after = cursor ? { createdAt: cursor.createdAt.toISOString(), id: cursor.id } : null;
  const rows = [...all].sort(newestFirst).filter((item) => !after || newestFirst(item, after) > 0);
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: new Date(last.createdAt), id: last.id }) : null };
}
