import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { type AiVendorTaskState, aiVendorTasks, aiVisibilityAnalyses } from '../../../db/ai-visibility-schema';
import type { DbOrTx } from '../../../db/client';

export type AiVendorTaskRow = typeof aiVendorTasks.$inferSelect;
export type { AiVendorTaskState };

/** States whose answer may still come from the vendor. */
export const AWAITED_STATES: AiVendorTaskState[] = ['posting', 'posted'];

/** Every query on `ai_vendor_tasks`, the calls handed to an engine's standard queue (docs/decisions.md §31.16). */
export const aiVendorTasksRepository = {
  /** Rows for these calls, state 'posting'; a call that has one already keeps it (never posted twice). Returns the tags inserted. */
  async insertPosting(db: DbOrTx, analysisId: string, calls: { engine: string; pointIndex: number; sample: number; tag: string }[]): Promise<Set<string>> {
    if (calls.length === 0) return new Set();
    const rows = await db
      .insert(aiVendorTasks)
      .values(calls.map((c) => ({ analysisId, ...c })))
      .onConflictDoNothing()
      .returning({ tag: aiVendorTasks.tag });
    return new Set(rows.map((r) => r.tag));
  },

  /** The vendor's answer to a POST, for one task; only a row still 'posting' changes (an adopted one keeps its state). */
  async recordAnswer(db: DbOrTx, tag: string, answer: { taskId: string | null; state: 'posted' | 'failed'; costUsd: number; error: string | null }): Promise<void> {
    await db
      .update(aiVendorTasks)
      .set(answer)
      .where(and(eq(aiVendorTasks.tag, tag), eq(aiVendorTasks.state, 'posting')));
  },

  async listFor(db: DbOrTx, analysisId: string): Promise<AiVendorTaskRow[]> {
    const t = aiVendorTasks;
    return db.select().from(t).where(eq(t.analysisId, analysisId)).orderBy(asc(t.sample), asc(t.engine), asc(t.pointIndex));
  },

  /** The awaited rows these ready tasks belong to, by task id or (a lost POST answer) by tag, of analyses still running. */
  async findAwaited(db: DbOrTx, engine: string, ready: { taskId: string; tag: string | null }[]): Promise<AiVendorTaskRow[]> {
    if (ready.length === 0) return [];
    const t = aiVendorTasks;
    const ids = ready.map((r) => r.taskId);
    const tags = ready.flatMap((r) => (r.tag ? [r.tag] : []));
    const known = tags.length > 0 ? sql`(${inArray(t.taskId, ids)} or ${inArray(t.tag, tags)})` : inArray(t.taskId, ids);
    return db
      .select({ task: t })
      .from(t)
      .innerJoin(aiVisibilityAnalyses, eq(aiVisibilityAnalyses.id, t.analysisId))
      .where(and(known, eq(t.engine, engine), inArray(t.state, AWAITED_STATES), eq(aiVisibilityAnalyses.status, 'processing')))
      .then((rows) => rows.map((r) => r.task));
  },

  /** Awaited rows of one analysis, locked (under the analysis's row lock). */
  async lockAwaited(db: DbOrTx, analysisId: string, tags?: string[]): Promise<AiVendorTaskRow[]> {
    const t = aiVendorTasks;
    return db
      .select()
      .from(t)
      .where(and(eq(t.analysisId, analysisId), inArray(t.state, AWAITED_STATES), tags ? inArray(t.tag, tags) : undefined))
      .for('update');
  },

  async setState(db: DbOrTx, tags: string[], state: AiVendorTaskState, changes: { taskId?: string; error?: string | null } = {}): Promise<void> {
    if (tags.length === 0) return;
    await db
      .update(aiVendorTasks)
      .set({ state, ...changes })
      .where(inArray(aiVendorTasks.tag, tags));
  },

  /** Analyses waiting for a vendor's standard queue (the scheduler makes sure each has a poll queued). */
  async listWaiting(db: DbOrTx): Promise<{ id: string }[]> {
    const a = aiVisibilityAnalyses;
    return db
      .select({ id: a.id })
      .from(a)
      .where(and(eq(a.status, 'processing'), isNotNull(a.vendorWaitSince)));
  },
};
