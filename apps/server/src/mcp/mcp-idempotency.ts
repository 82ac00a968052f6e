import { createHash } from 'node:crypto';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { z } from 'zod';
import type { Container } from '../container';
import { mcpIdempotencyKeys } from '../db/api-idempotency-schema';
import { conflict } from '../errors';
import {
  IDEMPOTENCY_IN_PROGRESS,
  IDEMPOTENCY_KEY_REUSED,
  IDEMPOTENCY_TTL_MS,
  IN_PROGRESS_ABANDONED_MS,
} from '../modules/api-v1/idempotency';
import type { McpCaller } from './mcp-result';

// `idempotencyKey` on the MCP tools that spend or create (docs/mcp.md «Confirmation and
// idempotencyKey», docs/decisions.md §33.7): the rules of the HTTP Idempotency-Key
// (docs/decisions.md §26.3) — reserve before the work, so of two twins only one works; keep the
// first answer 24 hours and give it back; the same key with other arguments is refused; a
// refusal or a failure frees the key — over a table keyed by the credential, because an OAuth
// token has no API key row to hang from.

export const idempotencyKeyField = z
  .string('idempotencyKey debe ser un texto.')
  .regex(/^[\x20-\x7e]{1,255}$/, 'idempotencyKey debe tener entre 1 y 255 caracteres ASCII imprimibles.')
  .optional()
  .describe(
    'Una clave única por operación (p. ej. un UUID): repetir la llamada con la misma clave no la hace dos veces / a unique key per operation (e.g. a UUID): repeating the call with the same key does not do it twice',
  );

const credentialOf = (caller: McpCaller) => (caller.keyId ? `key:${caller.keyId}` : `person:${caller.actorId}:${caller.userId}`);
const keyOf = (credential: string, key: string) => and(eq(mcpIdempotencyKeys.credential, credential), eq(mcpIdempotencyKeys.key, key));

/**
 * Runs `work` once per (credential, key): the first call does it and its answer is kept; a
 * retry with the same key and arguments gets that answer back (marked `replayed` in _meta).
 * Without a key, `work` simply runs.
 */
export async function onceFor(
  container: Pick<Container, 'database'>,
  caller: McpCaller,
  tool: string,
  key: string | undefined,
  args: Record<string, unknown>,
  work: () => Promise<CallToolResult>,
): Promise<CallToolResult> {
  if (key === undefined) return work();
  const db = container.database.db;
  const credential = credentialOf(caller);
  const { idempotencyKey: _key, ...rest } = args;
  const hash = createHash('sha256')
    .update(`${tool}\n${JSON.stringify(rest)}`, 'utf8')
    .digest('hex');
  const now = Date.now();
  // An expired row, or a reservation whose process died mid-call, no longer holds the key.
  await db
    .delete(mcpIdempotencyKeys)
    .where(
      and(
        keyOf(credential, key),
        or(
          lt(mcpIdempotencyKeys.createdAt, new Date(now - IDEMPOTENCY_TTL_MS)),
          and(isNull(mcpIdempotencyKeys.result), lt(mcpIdempotencyKeys.createdAt, new Date(now - IN_PROGRESS_ABANDONED_MS))),
        ),
      ),
    );
  const reserved = await db
    .insert(mcpIdempotencyKeys)
    .values({ credential, key, requestHash: hash })
    .onConflictDoNothing()
    .returning({ key: mcpIdempotencyKeys.key });
  if (reserved.length === 0) {
    const [row] = await db.select().from(mcpIdempotencyKeys).where(keyOf(credential, key));
    if (!row) throw conflict(IDEMPOTENCY_IN_PROGRESS, 'IDEMPOTENCY_IN_PROGRESS');
    if (row.requestHash !== hash) throw conflict(IDEMPOTENCY_KEY_REUSED, 'IDEMPOTENCY_KEY_REUSED');
    if (row.result === null) throw conflict(IDEMPOTENCY_IN_PROGRESS, 'IDEMPOTENCY_IN_PROGRESS');
    const first = JSON.parse(row.result) as CallToolResult;
    return { ...first, _meta: { ...first._meta, replayed: true } };
  }
  let result: CallToolResult | undefined;
  try {
    result = await work();
  } finally {
    // Only a success is kept: a refusal (no credits…) or a crash frees the key for a retry.
    if (result && !result.isError)
      await db
        .update(mcpIdempotencyKeys)
        .set({ result: JSON.stringify(result) })
        .where(keyOf(credential, key));
    else await db.delete(mcpIdempotencyKeys).where(and(keyOf(credential, key), isNull(mcpIdempotencyKeys.result)));
  }
  return result;
}

/** Deletes the rows past their 24 hours (the hourly idempotency sweep); returns how many. */
export async function sweepMcpIdempotencyKeys(container: Pick<Container, 'database'>, now = new Date()): Promise<number> {
  const rows = await container.database.db
    .delete(mcpIdempotencyKeys)
    .where(lt(mcpIdempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)))
    .returning({ key: mcpIdempotencyKeys.key });
  return rows.length;
}
