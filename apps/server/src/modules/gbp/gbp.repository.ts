import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { gbpConnections, oauthStates } from '../../db/gbp-schema';

export type GbpConnectionRow = typeof gbpConnections.$inferSelect;
export type NewGbpConnection = Omit<typeof gbpConnections.$inferInsert, 'createdAt' | 'updatedAt' | 'expired'>;

/** Every query on the GBP tables, always by the owner's id. Tokens arrive and leave encrypted. */
const findConnection = preparedStatement('gbp_find_connection', (db) => db.select().from(gbpConnections).where(eq(gbpConnections.userId, sql.placeholder('userId'))));

export const gbpRepository = {
  async findConnection(db: DbOrTx, userId: string): Promise<GbpConnectionRow | undefined> {
    const [row] = await findConnection(db).execute({ userId });
    return row;
  },

  /** A new connection replaces the old one, and is never expired. */
  async saveConnection(db: DbOrTx, values: NewGbpConnection): Promise<void> {
    const { userId: _userId, ...changes } = values;
    await db
      .insert(gbpConnections)
      .values({ ...values, expired: false })
      .onConflictDoUpdate({ target: gbpConnections.userId, set: { ...changes, expired: false, updatedAt: sql`now()` } });
  },

  async saveRefreshedToken(db: DbOrTx, userId: string, changes: { accessTokenEnc: string; accessTokenExpiresAt: Date; refreshTokenEnc?: string }): Promise<void> {
    await db
      .update(gbpConnections)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(and(eq(gbpConnections.userId, userId), eq(gbpConnections.expired, false)));
  },

  async markExpired(db: DbOrTx, userId: string): Promise<void> {
    await db.update(gbpConnections).set({ expired: true, updatedAt: sql`now()` }).where(eq(gbpConnections.userId, userId));
  },

  async deleteConnection(db: DbOrTx, userId: string): Promise<boolean> {
    const rows = await db.delete(gbpConnections).where(eq(gbpConnections.userId, userId)).returning({ userId: gbpConnections.userId });
    return rows.length > 0;
  },

  /** Records a state's nonce, and forgets states that expired a day ago or more. */
  async insertState(db: DbOrTx, values: { nonce: string; userId: string; expiresAt: Date }): Promise<void> {
    await db.delete(oauthStates).where(lt(oauthStates.expiresAt, sql`now() - interval '1 day'`));
    await db.insert(oauthStates).values(values);
  },

  /** Marks the nonce used if it is the user's, unused and unexpired; false otherwise. One statement, so a state works once. */
  async consumeState(db: DbOrTx, nonce: string, userId: string, now: Date): Promise<boolean> {
    const rows = await db
      .update(oauthStates)
      .set({ usedAt: now })
      .where(and(eq(oauthStates.nonce, nonce), eq(oauthStates.userId, userId), isNull(oauthStates.usedAt), gt(oauthStates.expiresAt, now)))
      .returning({ nonce: oauthStates.nonce });
    return rows.length > 0;
  },
};
