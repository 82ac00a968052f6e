import { and, count, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { type VendorQueue, keywords, rankMaps, scanQuotaUses } from '../../db/rankmaps-schema';

export type { RankMapGrid, RankMapPoint, RankMapTarget } from '../../db/rankmaps-schema';

export type RankMapRow = typeof rankMaps.$inferSelect;
export type NewRankMap = typeof rankMaps.$inferInsert;
/** A timeline entry: the columns listColumns selects. */
export type RankMapListRow = Pick<
  RankMapRow,
  | 'id'
  | 'keywordId'
  | 'placeId'
  | 'kind'
  | 'status'
  | 'progress'
  | 'failureReason'
  | 'scheduledFor'
  | 'provider'
  | 'totalPoints'
  | 'failedPoints'
  | 'creditsCharged'
  | 'creditsRefunded'
  | 'stats'
  | 'createdAt'
  | 'startedAt'
  | 'completedAt'
>;

const ACTIVE = ['pending', 'processing'] as const;
export type ActiveScope = { id: string } | { keywordId: string } | { placeId: string };

/** What a timeline entry shows (presentSummary): not the snapshot, competitor or run-bookkeeping columns. */
const listColumns = {
  id: rankMaps.id,
  keywordId: rankMaps.keywordId,
  placeId: rankMaps.placeId,
  kind: rankMaps.kind,
  status: rankMaps.status,
  progress: rankMaps.progress,
  failureReason: rankMaps.failureReason,
  scheduledFor: rankMaps.scheduledFor,
  provider: rankMaps.provider,
  totalPoints: rankMaps.totalPoints,
  failedPoints: rankMaps.failedPoints,
  creditsCharged: rankMaps.creditsCharged,
  creditsRefunded: rankMaps.creditsRefunded,
  stats: rankMaps.stats,
  createdAt: rankMaps.createdAt,
  startedAt: rankMaps.startedAt,
  completedAt: rankMaps.completedAt,
};

/** Every query on `rank_maps` and the monthly scan quota. API reads are scoped to the owner. */
const statusOwned = preparedStatement('rank_map_status_owned', (db) =>
  db
    .select({
      status: rankMaps.status,
      progress: rankMaps.progress,
      failureReason: rankMaps.failureReason,
      vendorWaitSince: rankMaps.vendorWaitSince,
      totalPoints: rankMaps.totalPoints,
    })
    .from(rankMaps)
    .where(and(eq(rankMaps.id, sql.placeholder('id')), eq(rankMaps.userId, sql.placeholder('userId')))),
);
const findOwned = preparedStatement('rank_map_find_owned', (db) =>
  db
    .select()
    .from(rankMaps)
    .where(and(eq(rankMaps.id, sql.placeholder('id')), eq(rankMaps.userId, sql.placeholder('userId')))),
);
const answerVersionOwned = preparedStatement('rank_map_answer_version_owned', (db) =>
  db
    .select({ status: rankMaps.status, updatedAt: rankMaps.updatedAt, keyword: keywords.name })
    .from(rankMaps)
    .leftJoin(keywords, and(eq(keywords.id, rankMaps.keywordId), eq(keywords.userId, rankMaps.userId)))
    .where(and(eq(rankMaps.id, sql.placeholder('id')), eq(rankMaps.userId, sql.placeholder('userId')))),
);
const listByKeyword = preparedStatement('rank_map_list_by_keyword', (db) =>
  db
    .select(listColumns)
    .from(rankMaps)
    .where(eq(rankMaps.keywordId, sql.placeholder('keywordId')))
    .orderBy(desc(sql`coalesce(${rankMaps.scheduledFor}, ${rankMaps.createdAt})`), desc(rankMaps.createdAt)),
);
const listCompletedByKeyword = preparedStatement('rank_map_list_completed_by_keyword', (db) =>
  db
    .select({ id: rankMaps.id, completedAt: rankMaps.completedAt, stats: rankMaps.stats, talliesCounted: rankMaps.talliesCounted })
    .from(rankMaps)
    .where(and(eq(rankMaps.keywordId, sql.placeholder('keywordId')), eq(rankMaps.status, 'completed')))
    .orderBy(desc(rankMaps.completedAt), desc(rankMaps.id))
    .limit(sql.placeholder('limit')),
);

export const rankMapsRepository = {
  async insert(db: DbOrTx, values: NewRankMap): Promise<RankMapRow> {
    const [row] = await db.insert(rankMaps).values(values).returning();
    if (!row) throw new Error('rank map insert returned nothing');
    return row;
  },

  /** Undefined when the keyword already has an analysis for this weekly slot. */
  async insertWeekly(db: DbOrTx, values: NewRankMap): Promise<RankMapRow | undefined> {
    const [row] = await db.insert(rankMaps).values(values).onConflictDoNothing().returning();
    return row;
  },

  async findOwned(db: DbOrTx, userId: string, id: string): Promise<RankMapRow | undefined> {
    const [row] = await findOwned(db).execute({ id, userId });
    return row;
  },

  /**
   * What an analysis's answer depends on beyond the row's content, which every change to it
   * dates (updated_at): its status and its keyword's current name. Enough to tell whether a
   * kept answer is still the one to send, without reading the row's grid and competitors.
   */
  async answerVersionOwned(db: DbOrTx, userId: string, id: string) {
    const [row] = await answerVersionOwned(db).execute({ id, userId });
    return row;
  },

  async findById(db: DbOrTx, id: string): Promise<RankMapRow | undefined> {
    const [row] = await db.select().from(rankMaps).where(eq(rankMaps.id, id));
    return row;
  },

  async statusOwned(db: DbOrTx, userId: string, id: string) {
    const [row] = await statusOwned(db).execute({ id, userId });
    return row;
  },

  async listByKeyword(db: DbOrTx, keywordId: string): Promise<RankMapListRow[]> {
    return listByKeyword(db).execute({ keywordId });
  },

  /** A keyword's latest `limit` completed analyses, newest first, with only what the trend shows. */
  async listCompletedByKeyword(db: DbOrTx, keywordId: string, limit: number) {
    return listCompletedByKeyword(db).execute({ keywordId, limit });
  },

  /** The row, locked for the rest of the transaction (deletes, claims and finishes queue here). */
  async lock(tx: DbOrTx, id: string): Promise<RankMapRow | undefined> {
    const [row] = await tx.select().from(rankMaps).where(eq(rankMaps.id, id)).for('update');
    return row;
  },

  /** Records that these analyses' business tallies are counted (no user-visible change: updated_at stays). */
  async markTalliesCounted(db: DbOrTx, ids: string[]): Promise<void> {
    if (ids.length > 0) await db.update(rankMaps).set({ talliesCounted: true }).where(inArray(rankMaps.id, ids));
  },

  async update(db: DbOrTx, id: string, changes: Partial<NewRankMap>): Promise<void> {
    await db.update(rankMaps).set({ ...changes, updatedAt: sql`now()` }).where(eq(rankMaps.id, id));
  },

  /** Updates only while `runToken` holds the lease; false when another run took it or the row is gone. */
  async updateLeased(db: DbOrTx, id: string, runToken: string, changes: Partial<NewRankMap>): Promise<boolean> {
    const rows = await db
      .update(rankMaps)
      .set({ ...changes, heartbeatAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(rankMaps.id, id), eq(rankMaps.runToken, runToken)))
      .returning({ id: rankMaps.id });
    return rows.length > 0;
  },

  /** A run takes the lease: its token, a heartbeat by the database's clock, one more attempt. */
  async startRun(tx: DbOrTx, id: string, values: { runToken: string; provider: string; creditsCharged: number; startedAt: Date; vendorQueue: VendorQueue }): Promise<void> {
    await tx
      .update(rankMaps)
      .set({ ...values, status: 'processing', attempts: sql`${rankMaps.attempts} + 1`, heartbeatAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(rankMaps.id, id));
  },

  /** Hands the analysis to a new job: the lease is free, and the sweeper waits a full stale period again. */
  async requeue(tx: DbOrTx, id: string, jobId: string): Promise<void> {
    await tx.update(rankMaps).set({ jobId, runToken: null, heartbeatAt: sql`now()`, updatedAt: sql`now()` }).where(eq(rankMaps.id, id));
  },

  async delete(db: DbOrTx, id: string): Promise<void> {
    await db.delete(rankMaps).where(eq(rankMaps.id, id));
  },

  /** Analyses still waiting or running, of one analysis, keyword or place, locked until the transaction ends. */
  async lockActive(tx: DbOrTx, scope: ActiveScope): Promise<RankMapRow[]> {
    const owner = 'id' in scope ? eq(rankMaps.id, scope.id) : 'keywordId' in scope ? eq(rankMaps.keywordId, scope.keywordId) : eq(rankMaps.placeId, scope.placeId);
    return tx.select().from(rankMaps).where(and(owner, inArray(rankMaps.status, [...ACTIVE]))).orderBy(rankMaps.id).for('update');
  },

  /**
   * The row, locked, and whether a run holds a live lease on it (a heartbeat within
   * `staleSeconds`, by the database's clock, which every worker shares).
   */
  async lockWithLease(tx: DbOrTx, id: string, staleSeconds: number): Promise<{ row: RankMapRow; leaseLive: boolean } | undefined> {
    const [found] = await tx
      .select({ row: rankMaps, leaseLive: sql<boolean>`(${rankMaps.runToken} is not null and ${rankMaps.heartbeatAt} > now() - make_interval(secs => ${staleSeconds}::int))` })
      .from(rankMaps)
      .where(eq(rankMaps.id, id))
      .for('update');
    return found;
  },

  /**
   * Running analyses whose worker stopped beating `staleSeconds` ago or more (a crash, a kill).
   * One waiting for the vendor's standard queue has no worker to beat: its poll job drives it.
   */
  async listStale(db: DbOrTx, staleSeconds: number) {
    return db
      .select({ id: rankMaps.id, attempts: rankMaps.attempts })
      .from(rankMaps)
      .where(
        and(
          eq(rankMaps.status, 'processing'),
          isNull(rankMaps.vendorWaitSince),
          or(isNull(rankMaps.heartbeatAt), lt(rankMaps.heartbeatAt, sql`now() - make_interval(secs => ${staleSeconds}::int)`)),
        ),
      );
  },

  /** Which of these (keyword, weekly slot) pairs already have an analysis. */
  async countQuotaUses(db: DbOrTx, userId: string, month: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(scanQuotaUses).where(and(eq(scanQuotaUses.userId, userId), eq(scanQuotaUses.month, month)));
    return Number(row?.n ?? 0);
  },

  async insertQuotaUse(db: DbOrTx, values: { rankMapId: string; userId: string; month: string }): Promise<void> {
    await db.insert(scanQuotaUses).values(values).onConflictDoNothing();
  },

  /** Gives a scan back to the month's quota (an analysis cancelled before it ran, or one that failed). */
  async deleteQuotaUse(db: DbOrTx, rankMapId: string): Promise<void> {
    await db.delete(scanQuotaUses).where(eq(scanQuotaUses.rankMapId, rankMapId));
  },
};
