import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { emailTokens } from '../../db/schema';

export type EmailTokenPurpose = 'confirm' | 'reset';

/** Single-use tokens sent by e-mail. Only hashes are stored; times are the database's. */
export const emailTokenRepository = {
  async insert(db: DbOrTx, token: { userId: string; purpose: EmailTokenPurpose; tokenHash: string; ttlSeconds: number }) {
    await db.insert(emailTokens).values({
      userId: token.userId,
      purpose: token.purpose,
      tokenHash: token.tokenHash,
      expiresAt: sql`now() + make_interval(secs => ${token.ttlSeconds})`,
    });
  },

  /** The user id of a live token, without using it (the reset form checks its link first). */
  async findLiveUserId(db: DbOrTx, purpose: EmailTokenPurpose, tokenHash: string): Promise<string | undefined> {
    const [row] = await db
      .select({ userId: emailTokens.userId })
      .from(emailTokens)
      .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, sql`now()`)));
    return row?.userId;
  },

  /** Uses a live token and returns its user, in one statement, so a link works exactly once. */
  async consume(db: DbOrTx, purpose: EmailTokenPurpose, tokenHash: string): Promise<string | undefined> {
    const [row] = await db
      .update(emailTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, sql`now()`)))
      .returning({ userId: emailTokens.userId });
    return row?.userId;
  },

  /** Retires the user's other open links of this purpose once one has done its job. */
  async consumeAllForUser(db: DbOrTx, purpose: EmailTokenPurpose, userId: string): Promise<void> {
    await db
      .update(emailTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
  },
};
