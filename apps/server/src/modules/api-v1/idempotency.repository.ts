import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { apiIdempotencyKeys } from '../../db/api-idempotency-schema';

// The rows behind Idempotency-Key (idempotency.ts, docs/decisions.md §26.3).

export type IdempotencyRow = typeof apiIdempotencyKeys.$inferSelect;

const keyOf = (apiKeyId: string, key: string) => and(eq(apiIdempotencyKeys.apiKeyId, apiKeyId), eq(apiIdempotencyKeys.key, key));

export const idempotencyRepository = {
  /** Reserves the key: true when this call inserted the row (it does the work), false when a row exists. */
  async reserve(db: DbOrTx, apiKeyId: string, key: string, requestHash: string): Promise<boolean> {
    const rows = await db.insert(apiIdempotencyKeys).values({ apiKeyId, key, requestHash }).onConflictDoNothing().returning({ key: apiIdempotencyKeys.key });
    return rows.length === 1;
  },
  async find(db: DbOrTx, apiKeyId: string, key: string): Promise<IdempotencyRow | undefined> {
    const [row] = await db.select().from(apiIdempotencyKeys).where(keyOf(apiKeyId, key));
    return row;
  },
  /** Keeps the first answer of a reserved key. */
  async complete(db: DbOrTx, apiKeyId: string, key: string, answer: { status: number; contentType: string | null; body: string }): Promise<void> {
    await db.update(apiIdempotencyKeys).set(answer).where(and(keyOf(apiKeyId, key), isNull(apiIdempotencyKeys.status)));
  },
  /** Frees a reservation whose work failed unexpectedly (5xx), so the client can retry. */
  async release(db: DbOrTx, apiKeyId: string, key: string): Promise<void> {
    await db.delete(apiIdempotencyKeys).where(and(keyOf(apiKeyId, key), isNull(apiIdempotencyKeys.status)));
  },
  /** Deletes every row created before `expiredBefore` (the hourly sweep); returns how many. */
  async deleteExpired(db: DbOrTx, expiredBefore: Date): Promise<number> {
    const rows = await db.delete(apiIdempotencyKeys).where(lt(apiIdempotencyKeys.createdAt, expiredBefore)).returning({ key: apiIdempotencyKeys.key });
    return rows.length;
  },
  /** Deletes the key's row when it expired (created before `expiredBefore`), or is a reservation abandoned before `abandonedBefore`. */
  async deleteStale(db: DbOrTx, apiKeyId: string, key: string, expiredBefore: Date, abandonedBefore: Date): Promise<void> {
    await db
      .delete(apiIdempotencyKeys)
      .where(and(keyOf(apiKeyId, key), or(lt(apiIdempotencyKeys.createdAt, expiredBefore), and(isNull(apiIdempotencyKeys.status), lt(apiIdempotencyKeys.createdAt, abandonedBefore)))));
  },
};
