import { and, asc, count, desc, eq, gte, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { aiVisibilityAnalyses, aiVisibilityAnswers } from '../../db/ai-visibility-schema';
import { campaignRounds, campaigns } from '../../db/campaigns-schema';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/client';

export type { AiAnalysisTarget, AiEnginePlan, AiMatchRule, StoredAiBusiness, StoredAiSource } from '../../db/ai-visibility-schema';

export type AiAnalysisRow = typeof aiVisibilityAnalyses.$inferSelect;
export type NewAiAnalysis = typeof aiVisibilityAnalyses.$inferInsert;
export type AiAnswerRow = typeof aiVisibilityAnswers.$inferSelect;
export type NewAiAnswer = typeof aiVisibilityAnswers.$inferInsert;

/** An answer's identity within its analysis: what the unique key holds. */
export const answerKey = (a: { engine: string; pointIndex: number; sample: number }) => `${a.engine}|${a.pointIndex}|${a.sample}`;

/** The AI-visibility analyses and their answers: the only code that touches their tables. */
export const aiAnalysesRepository = {
  async insert(tx: DbOrTx, values: NewAiAnalysis): Promise<AiAnalysisRow> {
    const [row] = await tx.insert(aiVisibilityAnalyses).values(values).returning();
    if (!row) throw new Error('ai analysis insert returned nothing');
    return row;
  },

  /** A campaign round's analysis, or undefined when the keyword has one for that round already (docs/decisions.md §31.16). */
  async insertForRound(tx: DbOrTx, values: NewAiAnalysis): Promise<AiAnalysisRow | undefined> {
    const [row] = await tx.insert(aiVisibilityAnalyses).values(values).onConflictDoNothing().returning();
    return row;
  },

  /** The name of the campaign of each round (null for a place's weekly scan, which has none). */
  async campaignNames(db: DbOrTx, roundIds: string[]): Promise<Map<string, string | null>> {
    if (roundIds.length === 0) return new Map();
    const rows = await db
      .select({ id: campaignRounds.id, name: campaigns.name })
      .from(campaignRounds)
      .innerJoin(campaigns, eq(campaigns.id, campaignRounds.campaignId))
      .where(inArray(campaignRounds.id, [...new Set(roundIds)]));
    return new Map(rows.map((r) => [r.id, r.name]));
  },

  async update(db: DbOrTx, id: string, changes: Partial<NewAiAnalysis>): Promise<void> {
    await db
      .update(aiVisibilityAnalyses)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(aiVisibilityAnalyses.id, id));
  },

  /** A change made by the run holding the lease, which also beats its heartbeat; false when another run holds it now. */
  async updateLeased(db: DbOrTx, id: string, runToken: string, changes: Partial<NewAiAnalysis>): Promise<boolean> {
    const rows = await db
      .update(aiVisibilityAnalyses)
      .set({ ...changes, heartbeatAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(aiVisibilityAnalyses.id, id), eq(aiVisibilityAnalyses.runToken, runToken)))
      .returning({ id: aiVisibilityAnalyses.id });
    return rows.length > 0;
  },

  async findById(db: DbOrTx, id: string): Promise<AiAnalysisRow | undefined> {
    const [row] = await db.select().from(aiVisibilityAnalyses).where(eq(aiVisibilityAnalyses.id, id));
    return row;
  },

  /** The workspace's analysis, or undefined for another's (the caller answers 404). */
  async findOwned(db: DbOrTx, userId: string, id: string): Promise<AiAnalysisRow | undefined> {
    const [row] = await db
      .select()
      .from(aiVisibilityAnalyses)
      .where(and(eq(aiVisibilityAnalyses.id, id), eq(aiVisibilityAnalyses.userId, userId)));
    return row;
  },

  /** One page of a keyword's analyses, newest first by (created_at, id), `limit + 1` rows so the caller knows if more follow. */
  async pageByKeyword(db: DbOrTx, keywordId: string, after: { createdAt: Date; id: string } | null, limit: number): Promise<AiAnalysisRow[]> {
    const t = aiVisibilityAnalyses;
    const before = after ? or(lt(t.createdAt, after.createdAt), and(eq(t.createdAt, after.createdAt), lt(t.id, after.id))) : undefined;
    return db
      .select()
      .from(t)
      .where(and(eq(t.keywordId, keywordId), before))
      .orderBy(desc(t.createdAt), desc(t.id))
      .limit(limit + 1);
  },

  /** The keyword's completed analysis just before this one (what alerts and «previous» comparisons read). */
  async previousCompleted(db: DbOrTx, row: Pick<AiAnalysisRow, 'id' | 'keywordId' | 'createdAt'>): Promise<AiAnalysisRow | undefined> {
    const t = aiVisibilityAnalyses;
    const [prev] = await db
      .select()
      .from(t)
      .where(and(eq(t.keywordId, row.keywordId), eq(t.status, 'completed'), ne(t.id, row.id), or(lt(t.createdAt, row.createdAt), and(eq(t.createdAt, row.createdAt), lt(t.id, row.id)))))
      .orderBy(desc(t.createdAt), desc(t.id))
      .limit(1);
    return prev;
  },

  /** How many analyses of the keyword were created before this one (the demo varies by it, docs/decisions.md §31.11). */
  async ordinalInKeyword(db: DbOrTx, row: Pick<AiAnalysisRow, 'id' | 'keywordId' | 'createdAt'>): Promise<number> {
    const t = aiVisibilityAnalyses;
    const [found] = await db
      .select({ n: count() })
      .from(t)
      .where(and(eq(t.keywordId, row.keywordId), ne(t.id, row.id), or(lt(t.createdAt, row.createdAt), and(eq(t.createdAt, row.createdAt), lt(t.id, row.id)))));
    return Number(found?.n ?? 0);
  },

  /** The row, locked, and whether a run holds a live lease on it (a heartbeat within `staleSeconds`, by the database's clock). */
  async lockWithLease(tx: DbOrTx, id: string, staleSeconds: number): Promise<{ row: AiAnalysisRow; leaseLive: boolean } | undefined> {
    const t = aiVisibilityAnalyses;
    const [found] = await tx
      .select({ row: t, leaseLive: sql<boolean>`(${t.runToken} is not null and ${t.heartbeatAt} > now() - make_interval(secs => ${staleSeconds}::int))` })
      .from(t)
      .where(eq(t.id, id))
      .for('update');
    return found;
  },

  /** A run takes the lease: its token, a heartbeat by the database's clock, one more attempt. */
  async startRun(tx: DbOrTx, id: string, values: { runToken: string; startedAt: Date }): Promise<void> {
    const t = aiVisibilityAnalyses;
    await tx
      .update(t)
      .set({ ...values, status: 'processing', attempts: sql`${t.attempts} + 1`, heartbeatAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(t.id, id));
  },

  /** Hands the analysis to a new job: the lease is free, and the sweeper waits a full stale period again. */
  async requeue(tx: DbOrTx, id: string, jobId: string): Promise<void> {
    await tx.update(aiVisibilityAnalyses).set({ jobId, runToken: null, heartbeatAt: sql`now()`, updatedAt: sql`now()` }).where(eq(aiVisibilityAnalyses.id, id));
  },

  /** Running analyses whose worker stopped beating `staleSeconds` ago or more (a crash, a kill). */
  async listStale(db: DbOrTx, staleSeconds: number): Promise<{ id: string }[]> {
    const t = aiVisibilityAnalyses;
    return db
      .select({ id: t.id })
      .from(t)
      // One waiting on a vendor's queue has no run to beat for it: its poll job keeps it (docs/decisions.md §31.16).
      .where(and(eq(t.status, 'processing'), isNull(t.vendorWaitSince), or(isNull(t.heartbeatAt), lt(t.heartbeatAt, sql`now() - make_interval(secs => ${staleSeconds}::int)`))));
  },

  /** Stores answers, skipping any whose key is stored already (a re-run's twin): how many this call wrote. */
  async insertAnswers(db: DbOrTx, values: NewAiAnswer[]): Promise<number> {
    if (values.length === 0) return 0;
    const rows = await db.insert(aiVisibilityAnswers).values(values).onConflictDoNothing().returning({ engine: aiVisibilityAnswers.engine });
    return rows.length;
  },

  /** The keys of the answers stored (ok or failed): a resumed run asks only the others. */
  async storedKeys(db: DbOrTx, analysisId: string): Promise<Set<string>> {
    const rows = await db
      .select({ engine: aiVisibilityAnswers.engine, pointIndex: aiVisibilityAnswers.pointIndex, sample: aiVisibilityAnswers.sample })
      .from(aiVisibilityAnswers)
      .where(eq(aiVisibilityAnswers.analysisId, analysisId));
    return new Set(rows.map(answerKey));
  },

  async listAnswers(db: DbOrTx, analysisId: string): Promise<AiAnswerRow[]> {
    const a = aiVisibilityAnswers;
    return db.select().from(a).where(eq(a.analysisId, analysisId)).orderBy(asc(a.pointIndex), asc(a.engine), asc(a.sample));
  },

  /** Answers stored, failed answers, their credits' worth is the caller's; and what the vendors charged. */
  async tally(db: DbOrTx, analysisId: string): Promise<{ stored: number; failedByEngine: Map<string, number>; costUsd: number }> {
    const a = aiVisibilityAnswers;
    const rows = await db
      .select({ engine: a.engine, status: a.status, n: count(), cost: sql<number>`coalesce(sum(${a.costUsd}), 0)::float8` })
      .from(a)
      .where(eq(a.analysisId, analysisId))
      .groupBy(a.engine, a.status);
    const failedByEngine = new Map<string, number>();
    let stored = 0;
    let costUsd = 0;
    for (const r of rows) {
      stored += Number(r.n);
      costUsd += Number(r.cost);
      if (r.status === 'failed') failedByEngine.set(r.engine, Number(r.n));
    }
    return { stored, failedByEngine, costUsd };
  },

  /** Calls a real (not demo) `engine` answered since `since`, across every workspace: what its vendor's free daily allowance has spent. */
  async realCallsSince(db: DbOrTx, engine: string, since: Date): Promise<number> {
    const a = aiVisibilityAnswers;
    const [row] = await db
      .select({ n: count() })
      .from(a)
      .where(and(eq(a.engine, engine), ne(a.provider, 'demo'), gte(a.createdAt, since)));
    return Number(row?.n ?? 0);
  },

  /** Midnight in the vendor's time zone (Google resets its free allowances at midnight Pacific time), by the database's clock. */
  async vendorDayStart(db: DbOrTx, timeZone: string): Promise<Date> {
    const [row] = await rowsOf<{ start: string | Date }>(db, sql`select (date_trunc('day', now() at time zone ${timeZone}) at time zone ${timeZone}) as start`);
    return new Date(row?.start ?? Date.now());
  },
};
