import { type SQL, and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { reviewSyncs, reviewTemplates, reviews } from '../../db/reviews-schema';
import type { GbpReview, GbpReviewReply } from '../../providers/gbp';

export type ReviewRow = typeof reviews.$inferSelect;
export type ReviewSyncRow = typeof reviewSyncs.$inferSelect;
export type ReviewTemplateRow = typeof reviewTemplates.$inferSelect;

/** How long a sync holds its location: a sync that died frees it after this. */
export const SYNC_LEASE_MS = 5 * 60_000;

export interface ReviewFilter {
  stars?: number[];
  answered?: boolean;
  from?: Date;
  to?: Date;
}

const replyColumns = (reply: GbpReviewReply | null) => ({
  replyComment: reply?.comment ?? null,
  replyUpdatedAt: reply?.updateTime ?? null,
  replyState: reply?.state ?? null,
  replyPolicyViolation: reply?.policyViolation ?? null,
});

export const reviewsRepository = {
  async findSync(db: DbOrTx, placeId: string): Promise<ReviewSyncRow | undefined> {
    const [row] = await db.select().from(reviewSyncs).where(eq(reviewSyncs.placeId, placeId));
    return row;
  },

  /** Links a place to its location; a relinked location (another connection) starts again from nothing. */
  async saveLink(db: DbOrTx, values: { placeId: string; userId: string; location: string; demo: boolean }): Promise<ReviewSyncRow> {
    const [row] = await db
      .insert(reviewSyncs)
      .values(values)
      .onConflictDoUpdate({
        target: reviewSyncs.placeId,
        set: { location: values.location, demo: values.demo, highWater: null, updatedAt: sql`now()` },
        setWhere: sql`${reviewSyncs.location} <> excluded.location`,
      })
      .returning();
    return row ?? (await this.findSync(db, values.placeId))!;
  },

  /** Takes the location's lease if nobody holds it: one statement, so two syncs at once → one runs. */
  async takeLease(db: DbOrTx, placeId: string, owner: string, now: Date): Promise<ReviewSyncRow | undefined> {
    const [row] = await db
      .update(reviewSyncs)
      .set({
        leaseOwner: owner,
        leaseUntil: new Date(now.getTime() + SYNC_LEASE_MS),
        state: 'running',
        message: null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(reviewSyncs.placeId, placeId), or(isNull(reviewSyncs.leaseUntil), lt(reviewSyncs.leaseUntil, now))))
      .returning();
    return row;
  },

  async releaseLease(
    db: DbOrTx,
    placeId: string,
    owner: string,
    outcome: { state: ReviewSyncRow['state']; message: string | null; highWater?: Date | null; lastSyncedAt?: Date; lastCalls: number },
  ): Promise<void> {
    await db
      .update(reviewSyncs)
      .set({ ...outcome, leaseOwner: null, leaseUntil: null, updatedAt: sql`now()` })
      .where(and(eq(reviewSyncs.placeId, placeId), eq(reviewSyncs.leaseOwner, owner)));
  },

  async syncablePlaces(db: DbOrTx): Promise<string[]> {
    const rows = await db
      .select({ placeId: reviewSyncs.placeId })
      .from(reviewSyncs)
      .where(sql`${reviewSyncs.state} <> 'needs-reconnect'`);
    return rows.map((r) => r.placeId);
  },

  /**
   * Stores a page of reviews by Google name: new ones inserted (marked for their event unless
   * `baseline`), known ones updated in place. Returns how many were new.
   */
  async upsertPage(
    db: DbOrTx,
    owner: { userId: string; placeId: string; location: string; demo: boolean },
    page: GbpReview[],
    baseline: boolean,
  ): Promise<number> {
    if (page.length === 0) return 0;
    const rows = page.map((r) => ({
      userId: owner.userId,
      placeId: owner.placeId,
      location: owner.location,
      googleName: r.name,
      stars: r.stars,
      comment: r.comment,
      reviewerName: r.reviewer.displayName,
      reviewerPhotoUrl: r.reviewer.photoUrl,
      reviewerAnonymous: r.reviewer.anonymous,
      media: r.media,
      createTime: r.createTime,
      updateTime: r.updateTime,
      ...replyColumns(r.reply),
      replyUrl: r.replyUrl,
      demo: owner.demo,
      eventPending: !baseline,
    }));
    const ex = (c: string) => sql.raw(`excluded.${c}`);
    const inserted = await db
      .insert(reviews)
      .values(rows)
      .onConflictDoUpdate({
        target: [reviews.placeId, reviews.googleName],
        set: {
          stars: ex('stars'),
          comment: ex('comment'),
          reviewerName: ex('reviewer_name'),
          reviewerPhotoUrl: ex('reviewer_photo_url'),
          reviewerAnonymous: ex('reviewer_anonymous'),
          media: ex('media'),
          createTime: ex('create_time'),
          updateTime: ex('update_time'),
          replyComment: ex('reply_comment'),
          replyUpdatedAt: ex('reply_updated_at'),
          replyState: ex('reply_state'),
          replyPolicyViolation: ex('reply_policy_violation'),
          replyUrl: ex('reply_url'),
        },
      })
      // xmax = 0 only for a row this statement inserted.
      .returning({ fresh: sql<boolean>`(xmax = 0)` });
    return inserted.filter((r) => r.fresh).length;
  },

  async pendingEvents(db: DbOrTx, placeId: string): Promise<ReviewRow[]> {
    return db
      .select()
      .from(reviews)
      .where(and(eq(reviews.placeId, placeId), eq(reviews.eventPending, true)))
      .orderBy(asc(reviews.createTime))
      .limit(200);
  },

  async clearPending(db: DbOrTx, ids: string[]): Promise<void> {
    if (ids.length) await db.update(reviews).set({ eventPending: false }).where(inArray(reviews.id, ids));
  },

  async findInPlace(db: DbOrTx, placeId: string, id: string): Promise<ReviewRow | undefined> {
    const [row] = await db
      .select()
      .from(reviews)
      .where(and(eq(reviews.placeId, placeId), eq(reviews.id, id)));
    return row;
  },

  async findByName(db: DbOrTx, placeId: string, googleName: string): Promise<ReviewRow | undefined> {
    const [row] = await db
      .select()
      .from(reviews)
      .where(and(eq(reviews.placeId, placeId), eq(reviews.googleName, googleName)));
    return row;
  },

  async saveReply(db: DbOrTx, id: string, reply: GbpReviewReply | null): Promise<ReviewRow> {
    const [row] = await db.update(reviews).set(replyColumns(reply)).where(eq(reviews.id, id)).returning();
    return row!;
  },

  /** One page of the list by keyset: newest first, or unanswered first then newest. */
  async page(
    db: DbOrTx,
    placeId: string,
    filter: ReviewFilter,
    order: 'newest' | 'unanswered',
    limit: number,
    after: { answered: boolean; createTime: Date; id: string } | null,
  ): Promise<ReviewRow[]> {
    const where: (SQL | undefined)[] = [eq(reviews.placeId, placeId)];
    if (filter.stars) where.push(inArray(reviews.stars, filter.stars));
    if (filter.answered !== undefined) where.push(filter.answered ? isNotNull(reviews.replyComment) : isNull(reviews.replyComment));
    if (filter.from) where.push(gte(reviews.createTime, filter.from));
    if (filter.to) where.push(lt(reviews.createTime, filter.to));
    const answeredExpr = sql<boolean>`(${reviews.replyComment} is not null)`;
    if (after) {
      const tail = or(lt(reviews.createTime, after.createTime), and(eq(reviews.createTime, after.createTime), lt(reviews.id, after.id)));
      where.push(
        order === 'unanswered' ? or(sql`${answeredExpr} > ${after.answered}`, and(sql`${answeredExpr} = ${after.answered}`, tail)) : tail,
      );
    }
    const orderBy =
      order === 'unanswered'
        ? [asc(answeredExpr), desc(reviews.createTime), desc(reviews.id)]
        : [desc(reviews.createTime), desc(reviews.id)];
    return db
      .select()
      .from(reviews)
      .where(and(...where))
      .orderBy(...orderBy)
      .limit(limit + 1);
  },

  /** Figures over every stored review of the place. */
  async summary(
    db: DbOrTx,
    placeId: string,
  ): Promise<{
    total: number;
    average: number | null;
    distribution: Record<string, number>;
    answered: number;
    medianHours: number | null;
  }> {
    const rows = await db
      .select({ stars: reviews.stars, n: sql<number>`count(*)::int` })
      .from(reviews)
      .where(eq(reviews.placeId, placeId))
      .groupBy(reviews.stars);
    const [stats] = await db
      .select({
        answered: sql<number>`count(${reviews.replyComment})::int`,
        median: sql<
          number | null
        >`percentile_cont(0.5) within group (order by extract(epoch from (${reviews.replyUpdatedAt} - ${reviews.createTime})) / 3600) filter (where ${reviews.replyComment} is not null and ${reviews.replyUpdatedAt} is not null)`,
      })
      .from(reviews)
      .where(eq(reviews.placeId, placeId));
    const distribution: Record<string, number> = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };
    let total = 0;
    let sum = 0;
    for (const r of rows) {
      distribution[String(r.stars)] = r.n;
      total += r.n;
      sum += r.n * r.stars;
    }
    const median = stats?.median === null || stats?.median === undefined ? null : Number(stats.median);
    return { total, average: total ? sum / total : null, distribution, answered: stats?.answered ?? 0, medianHours: median };
  },

  // ── templates ──
  async templates(db: DbOrTx, userId: string): Promise<ReviewTemplateRow[]> {
    return db
      .select()
      .from(reviewTemplates)
      .where(eq(reviewTemplates.userId, userId))
      .orderBy(asc(reviewTemplates.createdAt), asc(reviewTemplates.id));
  },
  async insertTemplate(db: DbOrTx, values: { userId: string; name: string; text: string }): Promise<ReviewTemplateRow> {
    const [row] = await db.insert(reviewTemplates).values(values).returning();
    return row!;
  },
  async updateTemplate(
    db: DbOrTx,
    userId: string,
    id: string,
    values: { name: string; text: string },
  ): Promise<ReviewTemplateRow | undefined> {
    const [row] = await db
      .update(reviewTemplates)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(reviewTemplates.userId, userId), eq(reviewTemplates.id, id)))
      .returning();
    return row;
  },
  async deleteTemplate(db: DbOrTx, userId: string, id: string): Promise<boolean> {
    const rows = await db
      .delete(reviewTemplates)
      .where(and(eq(reviewTemplates.userId, userId), eq(reviewTemplates.id, id)))
      .returning({ id: reviewTemplates.id });
    return rows.length > 0;
  },
};
