import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { MetricsPointInput, MetricsResultItem } from '@rankmaps/shared/metrics';
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

  /**
   * The points that succeeded in several analyses, each with only the organic results that
   * could be one of `placeIds`: those with one of these ids and, when `withUnidentified`,
   * those with no id (a followed `local:` business). The database drops the rest, so a
   * trend over 52 analyses of 625 points does not carry 650,000 results across. One query.
   */
  async listOkPointsFor(db: DbOrTx, rankMapIds: string[], placeIds: string[], withUnidentified: boolean): Promise<(MetricsPointInput & { rankMapId: string })[]> {
    if (rankMapIds.length === 0 || placeIds.length === 0) return [];
    const unidentified = withUnidentified ? sql` or coalesce(e.item->>'placeId', '') = ''` : sql``;
    const rows = await db
      .select({
        rankMapId: rankResults.rankMapId,
        lat: rankResults.lat,
        lng: rankResults.lng,
        organic: sql<MetricsResultItem[] | null>`(select jsonb_agg(e.item order by e.ord) from jsonb_array_elements(${rankResults.organic}) with ordinality as e(item, ord) where e.item->>'placeId' in ${placeIds}${unidentified})`,
      })
      .from(rankResults)
      .where(and(inArray(rankResults.rankMapId, rankMapIds), eq(rankResults.status, 'ok')));
    return rows.map((r) => ({ rankMapId: r.rankMapId, lat: r.lat, lng: r.lng, organic: r.organic ?? [], ads: [] }));
  },

  async countOk(db: DbOrTx, rankMapId: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(rankResults).where(and(eq(rankResults.rankMapId, rankMapId), eq(rankResults.status, 'ok')));
    return Number(row?.n ?? 0);
  },
};
