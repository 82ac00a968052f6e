import { and, count, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { apiKeys } from '../../db/api-keys-schema';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** API keys (docs/decisions.md §26.1): the only code that reads or writes api_keys. */
export const apiKeysRepository = {
  async listOwned(db: DbOrTx, userId: string): Promise<ApiKeyRow[]> {
    return db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.userId, userId))
      .orderBy(sql`${apiKeys.revokedAt} is not null`, desc(apiKeys.createdAt), desc(apiKeys.id));
  },
  /** Locks the owner's row until the transaction ends, so concurrent creations count one after another. */
  async lockOwner(tx: DbOrTx, userId: string): Promise<void> {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  },
  async countActive(db: DbOrTx, userId: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(apiKeys).where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
    return row?.n ?? 0;
  },
  async insert(db: DbOrTx, values: Pick<ApiKeyRow, 'userId' | 'name' | 'scopes' | 'prefix' | 'keyHash'> & Partial<Pick<ApiKeyRow, 'createdBy'>>): Promise<ApiKeyRow> {
    const [row] = await db.insert(apiKeys).values(values).returning();
    if (!row) throw new Error('api key insert returned no row');
    return row;
  },
  /** Revokes the user's key once; a second call changes nothing. Undefined when the key is not theirs. */
  async revoke(db: DbOrTx, userId: string, id: string): Promise<ApiKeyRow | undefined> {
    await db
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
    const [row] = await db.select().from(apiKeys).where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)));
    return row;
  },
  /** The key whose hash this is, revoked or not (the caller tells them apart after the same work). */
  async findByHash(db: DbOrTx, keyHash: string): Promise<ApiKeyRow | undefined> {
    const [row] = await db.select().from(apiKeys).where(eq(apiKeys.keyHash, keyHash));
    return row;
  },
  /** Stamps the last use, at most once a minute whatever the number of processes. */
  async touch(db: DbOrTx, id: string, now: Date): Promise<void> {
    const minuteAgo = new Date(now.getTime() - 60_000);
    await db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, minuteAgo))));
  },
};
