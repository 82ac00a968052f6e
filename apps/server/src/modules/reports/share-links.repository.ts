import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { shareLinks } from '../../db/share-links-schema';

export type ShareLinkRow = typeof shareLinks.$inferSelect;
export type NewShareLink = typeof shareLinks.$inferInsert;

/** The target a link shows, by the column that holds it. */
export type ShareTarget = { scope: 'analysis'; rankMapId: string } | { scope: 'keyword'; keywordId: string } | { scope: 'place'; placeId: string };

const targetIs = (target: ShareTarget) => {
  switch (target.scope) {
    case 'analysis':
      return and(eq(shareLinks.scope, 'analysis'), eq(shareLinks.rankMapId, target.rankMapId));
    case 'keyword':
      return and(eq(shareLinks.scope, 'keyword'), eq(shareLinks.keywordId, target.keywordId));
    case 'place':
      return and(eq(shareLinks.scope, 'place'), eq(shareLinks.placeId, target.placeId));
  }
};

/** Every query on `share_links`. The owner's queries are scoped to the owner; the public one looks a link up by its token's hash. */
export const shareLinksRepository = {
  async insert(db: DbOrTx, values: NewShareLink): Promise<ShareLinkRow> {
    const [row] = await db.insert(shareLinks).values(values).returning();
    if (!row) throw new Error('share link not inserted');
    return row;
  },

  async listForTarget(db: DbOrTx, userId: string, target: ShareTarget): Promise<ShareLinkRow[]> {
    return db
      .select()
      .from(shareLinks)
      .where(and(eq(shareLinks.userId, userId), targetIs(target)))
      .orderBy(desc(shareLinks.createdAt), desc(shareLinks.id));
  },

  async findOwned(db: DbOrTx, userId: string, id: string): Promise<ShareLinkRow | undefined> {
    const [row] = await db
      .select()
      .from(shareLinks)
      .where(and(eq(shareLinks.id, id), eq(shareLinks.userId, userId)));
    return row;
  },

  /** Revokes the owner's link; a link revoked before keeps its first date. */
  async revoke(db: DbOrTx, userId: string, id: string, now: Date): Promise<ShareLinkRow | undefined> {
    await db
      .update(shareLinks)
      .set({ revokedAt: now })
      .where(and(eq(shareLinks.id, id), eq(shareLinks.userId, userId), isNull(shareLinks.revokedAt)));
    return this.findOwned(db, userId, id);
  },

  /** The link whose token hashes to `tokenHash`: an equality on the unique index, never a comparison in code. */
  async findByTokenHash(db: DbOrTx, tokenHash: string): Promise<ShareLinkRow | undefined> {
    const [row] = await db.select().from(shareLinks).where(eq(shareLinks.tokenHash, tokenHash));
    return row;
  },

  async countView(db: DbOrTx, id: string, now: Date): Promise<void> {
    await db
      .update(shareLinks)
      .set({ views: sql`${shareLinks.views} + 1`, lastViewedAt: now })
      .where(eq(shareLinks.id, id));
  },
};
