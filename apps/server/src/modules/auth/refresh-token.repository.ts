import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { refreshTokens } from '../../db/schema';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export interface NewRefreshToken {
  userId: string;
  familyId: string;
  tokenHash: string;
  persistent: boolean;
  ttlSeconds: number;
}

// Times are the database's `now()` throughout, so several API processes agree on expiry.
export const refreshTokenRepository = {
  async insert(db: DbOrTx, token: NewRefreshToken): Promise<void> {
    await db.insert(refreshTokens).values({
      userId: token.userId,
      familyId: token.familyId,
      tokenHash: token.tokenHash,
      persistent: token.persistent,
      expiresAt: sql`now() + make_interval(secs => ${token.ttlSeconds})`,
    });
  },

  /**
   * Marks a live token of a live family as used and returns it, in one statement: of two
   * requests racing with the same token, the row lock lets exactly one of them see it as live.
   */
  async claimForRotation(db: DbOrTx, tokenHash: string): Promise<RefreshTokenRow | undefined> {
    const [row] = await db
      .update(refreshTokens)
      .set({ rotatedAt: sql`now()` })
      .where(
        and(
          eq(refreshTokens.tokenHash, tokenHash),
          isNull(refreshTokens.rotatedAt),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, sql`now()`),
          // A logout racing a rotation can leave the new row unrevoked (the revoking UPDATE's
          // snapshot predates it); any revoked row ends the family, as liveFamilyOwner says.
          sql`not exists (select 1 from refresh_tokens as sibling where sibling.family_id = refresh_tokens.family_id and sibling.revoked_at is not null)`,
        ),
      )
      .returning();
    return row;
  },

  async findByHash(db: DbOrTx, tokenHash: string): Promise<RefreshTokenRow | undefined> {
    const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
    return row;
  },

  /**
   * The user of a live family, or null when the family is unknown or any of its tokens was
   * revoked (the access check, lib/session-check.ts). Any revoked row counts: a rotation racing
   * a revocation can insert a row the revoking UPDATE did not see.
   */
  async liveFamilyOwner(db: DbOrTx, familyId: string): Promise<string | null> {
    const rows = await db
      .select({ userId: refreshTokens.userId, revoked: sql<boolean>`bool_or(${refreshTokens.revokedAt} is not null)` })
      .from(refreshTokens)
      .where(eq(refreshTokens.familyId, familyId))
      .groupBy(refreshTokens.userId);
    const [row] = rows;
    return rows.length === 1 && row && !row.revoked ? row.userId : null;
  },

  async revokeFamily(db: DbOrTx, familyId: string): Promise<void> {
    await db
      .update(refreshTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  },

  async revokeAllForUser(db: DbOrTx, userId: string): Promise<void> {
    await db
      .update(refreshTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  },
};
