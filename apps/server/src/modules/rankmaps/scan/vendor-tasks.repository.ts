import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { type VendorTaskState, rankMaps, vendorTasks } from '../../../db/rankmaps-schema';

export type VendorTaskRow = typeof vendorTasks.$inferSelect;
export type { VendorTaskState };

/** States whose result may still come from the vendor. */
const AWAITED: VendorTaskState[] = ['posting', 'posted'];

/** Every query on `vendor_tasks`, the points handed to a vendor's standard queue (docs/decisions.md §21.2). */
export const vendorTasksRepository = {
  /** Rows for these points, state 'posting'; a point that has one already keeps it (never posted twice). Returns the points inserted. */
  async insertPosting(db: DbOrTx, rankMapId: string, points: { pointIndex: number; tag: string }[]): Promise<number[]> {
    if (points.length === 0) return [];
    const rows = await db
      .insert(vendorTasks)
      .values(points.map((p) => ({ rankMapId, pointIndex: p.pointIndex, tag: p.tag })))
      .onConflictDoNothing()
      .returning({ pointIndex: vendorTasks.pointIndex });
    return rows.map((r) => r.pointIndex);
  },

  /** The vendor's answer to a POST, for one task. Only a row still 'posting' is changed (an adopted one keeps its state). */
  async recordAnswer(db: DbOrTx, tag: string, answer: { taskId: string | null; state: 'posted' | 'failed'; costUsd: number; error: string | null }): Promise<void> {
    await db
      .update(vendorTasks)
      .set(answer)
      .where(and(eq(vendorTasks.tag, tag), eq(vendorTasks.state, 'posting')));
  },

  async listFor(db: DbOrTx, rankMapId: string): Promise<VendorTaskRow[]> {
    return db.select().from(vendorTasks).where(eq(vendorTasks.rankMapId, rankMapId)).orderBy(asc(vendorTasks.pointIndex));
  },

  /**
   * The rows these ready tasks belong to, by task id or, for a row whose POST answer was lost,
   * by tag; only rows still awaited, of analyses still running.
   */
  async findAwaited(db: DbOrTx, ready: { taskId: string; tag: string | null }[]): Promise<VendorTaskRow[]> {
    if (ready.length === 0) return [];
    const ids = ready.map((r) => r.taskId);
    const tags = ready.flatMap((r) => (r.tag ? [r.tag] : []));
    const known = tags.length > 0 ? sql`(${inArray(vendorTasks.taskId, ids)} or ${inArray(vendorTasks.tag, tags)})` : inArray(vendorTasks.taskId, ids);
    return db
      .select({ task: vendorTasks })
      .from(vendorTasks)
      .innerJoin(rankMaps, eq(rankMaps.id, vendorTasks.rankMapId))
      .where(and(known, inArray(vendorTasks.state, AWAITED), eq(rankMaps.status, 'processing')))
      .then((rows) => rows.map((r) => r.task));
  },

  /** Awaited rows of one analysis, locked: the collector and the fallback take them under the analysis's row lock. */
  async lockAwaited(db: DbOrTx, rankMapId: string, pointIndices?: number[]): Promise<VendorTaskRow[]> {
    const which = pointIndices ? inArray(vendorTasks.pointIndex, pointIndices) : undefined;
    return db
      .select()
      .from(vendorTasks)
      .where(and(eq(vendorTasks.rankMapId, rankMapId), inArray(vendorTasks.state, AWAITED), which))
      .for('update');
  },

  async setState(db: DbOrTx, rankMapId: string, pointIndices: number[], state: VendorTaskState, changes: { taskId?: string; error?: string | null } = {}): Promise<void> {
    if (pointIndices.length === 0) return;
    await db
      .update(vendorTasks)
      .set({ state, ...changes })
      .where(and(eq(vendorTasks.rankMapId, rankMapId), inArray(vendorTasks.pointIndex, pointIndices)));
  },

  /** Awaited tasks of one analysis that have an id: the ones worth asking the vendor about directly. */
  async countAwaited(db: DbOrTx, rankMapId: string): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(vendorTasks)
      .where(and(eq(vendorTasks.rankMapId, rankMapId), inArray(vendorTasks.state, AWAITED)));
    return row?.n ?? 0;
  },

  /** Analyses waiting for the vendor (the scheduler makes sure each has a poll job queued). */
  async listWaiting(db: DbOrTx): Promise<{ id: string }[]> {
    return db
      .select({ id: rankMaps.id })
      .from(rankMaps)
      .where(and(eq(rankMaps.status, 'processing'), isNotNull(rankMaps.vendorWaitSince)));
  },
};
