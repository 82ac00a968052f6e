import { and, asc, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rankResults } from '../../db/rankmaps-schema';

export type RankResultRow = typeof rankResults.$inferSelect;
export type NewRankResult = typeof rankResults.$inferInsert;

/** The per-point results of analyses. */
export const rankResultsRepository = {
  /** Points already stored: a resumed scan skips them. */
  async storedIndices(db: DbOrTx, rankMapId: string): Promise<Set<number>> {
    const rows = await db.select({ i: rankResults.pointIndex }).from(rankResults).where(eq(rankResults.rankMapId, rankMapId));
    return new Set(rows.map((r) => r.i));
  },

  /** Stores a batch; a point stored already (by an earlier run) is kept as it was. */
  async insertMany(db: DbOrTx, rows: NewRankResult[]): Promise<void> {
    if (rows.length === 0) return;
    await db.insert(rankResults).values(rows).onConflictDoNothing();
  },

  async listByRankMap(db: DbOrTx, rankMapId: string): Promise<RankResultRow[]> {
    return db.select().from(rankResults).where(eq(rankResults.rankMapId, rankMapId)).orderBy(asc(rankResults.pointIndex));
  },

  async countOk(db: DbOrTx, rankMapId: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(rankResults).where(and(eq(rankResults.rankMapId, rankMapId), eq(rankResults.status, 'ok')));
    return Number(row?.n ?? 0);
  },
};
