import { and, asc, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { MetricsPointInput, MetricsResultItem } from '@rankmaps/shared/metrics';
import { type DbOrTx, rowsOf } from '../../db/client';
import { type BusinessTally, rankMapBusinesses, rankResults, vendorTasks } from '../../db/rankmaps-schema';
import { BusinessRegistry, type ResultRef, type StoredBusiness, isUnidentifiedKey, resultsFromRefs } from './result-businesses';

/** One grid point of an analysis with its results, as the scan produces and readers use it. */
export interface RankResultRow {
  rankMapId: string;
  pointIndex: number;
  row: number;
  col: number;
  lat: number;
  lng: number;
  status: 'ok' | 'failed';
  organic: MetricsResultItem[];
  ads: MetricsResultItem[];
  /** Our organic position here, 1..20, or null when not found (or failed). */
  position: number | null;
  error: string | null;
  /** What the vendor charged for this point, every try included, in USD (docs/decisions.md §21). */
  costUsd: number;
}
export type NewRankResult = RankResultRow;
export type { BusinessTally };

/** A business map of one analysis: ref → business. */
async function businessesOf(db: DbOrTx, rankMapId: string): Promise<Map<number, StoredBusiness>> {
  const rows = await db.select({ ref: rankMapBusinesses.ref, business: rankMapBusinesses.business }).from(rankMapBusinesses).where(eq(rankMapBusinesses.rankMapId, rankMapId));
  return new Map(rows.map((r) => [r.ref, r.business]));
}

/**
 * The per-point results of analyses. Stored normalised (see result-businesses.ts): callers
 * read and write whole results and never see refs.
 */
export const rankResultsRepository = {
  /** Points already stored: a resumed scan skips them. */
  async storedIndices(db: DbOrTx, rankMapId: string): Promise<Set<number>> {
    const rows = await db.select({ i: rankResults.pointIndex }).from(rankResults).where(eq(rankResults.rankMapId, rankMapId));
    return new Set(rows.map((r) => r.i));
  },

  /** The businesses an analysis has stored, numbered: where a resumed scan goes on from. */
  async registryFor(db: DbOrTx, rankMapId: string): Promise<BusinessRegistry> {
    const rows = await db.select({ ref: rankMapBusinesses.ref, key: rankMapBusinesses.key }).from(rankMapBusinesses).where(eq(rankMapBusinesses.rankMapId, rankMapId));
    return new BusinessRegistry(rows);
  },

  /**
   * Stores a batch of one analysis's points, with the businesses they name for the first
   * time; a point stored already (by an earlier run) is kept as it was. Pass the scan's
   * registry; without one it is read first. Run it in the transaction that checks the lease,
   * so that refs are only ever numbered by the run that holds it.
   *
   * One statement per table, each rows as one JSON parameter: binding 11 values per row
   * through the query builder cost a fast scan more than the database did.
   */
  async insertMany(db: DbOrTx, rows: readonly NewRankResult[], registry?: BusinessRegistry): Promise<void> {
    if (rows.length === 0) return;
    const rankMapId = rows[0]!.rankMapId;
    if (rows.some((r) => r.rankMapId !== rankMapId)) throw new Error('insertMany: the points of one analysis at a time');
    const businesses = registry ?? (await rankResultsRepository.registryFor(db, rankMapId));
    const points = rows.map((r) => ({
      i: r.pointIndex,
      r: r.row,
      c: r.col,
      la: r.lat,
      ln: r.lng,
      s: r.status,
      o: businesses.refsOf(r.organic),
      a: businesses.refsOf(r.ads),
      p: r.position,
      e: r.error,
      u: r.costUsd,
    }));
    const fresh = businesses.takeNew().map((b) => ({ f: b.ref, k: b.key, b: b.business }));
    if (fresh.length > 0) {
      await db.execute(sql`
        insert into ${rankMapBusinesses} (rank_map_id, ref, key, business)
        select ${rankMapId}::uuid, x.f, x.k, x.b from jsonb_to_recordset(${JSON.stringify(fresh)}::jsonb) as x(f int, k text, b jsonb)`);
    }
    await db.execute(sql`
      insert into ${rankResults} (rank_map_id, point_index, row, col, lat, lng, status, organic_refs, ad_refs, position, error, cost_usd)
      select ${rankMapId}::uuid, x.i, x.r, x.c, x.la, x.ln, x.s, x.o, x.a, x.p, x.e, x.u
      from jsonb_to_recordset(${JSON.stringify(points)}::jsonb) as x(i int, r int, c int, la float8, ln float8, s text, o jsonb, a jsonb, p int, e text, u float8)
      on conflict do nothing`);
  },

  async listByRankMap(db: DbOrTx, rankMapId: string): Promise<RankResultRow[]> {
    const [rows, businesses] = await Promise.all([
      db.select().from(rankResults).where(eq(rankResults.rankMapId, rankMapId)).orderBy(asc(rankResults.pointIndex)),
      businessesOf(db, rankMapId),
    ]);
    return rows.map(({ organicRefs, adRefs, ...point }) => ({
      ...point,
      organic: resultsFromRefs(organicRefs, businesses, false),
      ads: resultsFromRefs(adRefs, businesses, true),
    }));
  },

  /** Each stored point's status and our position there, without its results: what a comparison needs (issue 16). */
  async listPositions(db: DbOrTx, rankMapId: string): Promise<{ pointIndex: number; status: 'ok' | 'failed'; position: number | null }[]> {
    return db
      .select({ pointIndex: rankResults.pointIndex, status: rankResults.status, position: rankResults.position })
      .from(rankResults)
      .where(eq(rankResults.rankMapId, rankMapId));
  },

  /**
   * The points that succeeded in several analyses, each with only the organic results that
   * could be one of `placeIds`: those with one of these ids and, when `withUnidentified`,
   * those with no id (a followed `local:` business). The database drops the rest, so a
   * trend over 52 analyses of 625 points does not carry 650,000 results across.
   */
  async listOkPointsFor(db: DbOrTx, rankMapIds: string[], placeIds: string[], withUnidentified: boolean): Promise<(MetricsPointInput & { rankMapId: string })[]> {
    if (rankMapIds.length === 0 || placeIds.length === 0) return [];
    const unidentified = withUnidentified ? sql` or ${rankMapBusinesses.key} like '~%'` : sql``;
    const wanted = await db
      .select({ rankMapId: rankMapBusinesses.rankMapId, ref: rankMapBusinesses.ref, key: rankMapBusinesses.key, business: rankMapBusinesses.business })
      .from(rankMapBusinesses)
      .where(and(inArray(rankMapBusinesses.rankMapId, rankMapIds), sql`(${inArray(rankMapBusinesses.key, placeIds)}${unidentified})`));
    const byAnalysis = new Map<string, Map<number, StoredBusiness>>();
    for (const w of wanted) {
      if (!withUnidentified && isUnidentifiedKey(w.key)) continue;
      let map = byAnalysis.get(w.rankMapId);
      if (!map) byAnalysis.set(w.rankMapId, (map = new Map<number, StoredBusiness>()));
      map.set(w.ref, w.business);
    }
    // Each point's pairs, filtered to the wanted refs of its analysis by the database.
    const refsJson = JSON.stringify([...byAnalysis].map(([id, m]) => ({ id, refs: [...m.keys()] })));
    const rows = await rowsOf<{ rank_map_id: string; lat: number; lng: number; refs: ResultRef[] | null }>(db, sql`
      with w as (select x.id::uuid as id, array(select jsonb_array_elements_text(x.refs)::int) as refs from jsonb_to_recordset(${refsJson}::jsonb) as x(id text, refs jsonb))
      select r.rank_map_id, r.lat, r.lng,
        (select jsonb_agg(e.pair order by e.ord) from jsonb_array_elements(r.organic_refs) with ordinality as e(pair, ord)
          where (e.pair->>0)::int = any(w.refs)) as refs
      from ${rankResults} r join w on w.id = r.rank_map_id
      where r.status = 'ok'`);
    return rows.map((r) => ({
      rankMapId: r.rank_map_id,
      lat: Number(r.lat),
      lng: Number(r.lng),
      organic: resultsFromRefs(r.refs ?? [], byAnalysis.get(r.rank_map_id) ?? new Map(), false),
      ads: [],
    }));
  },

  /**
   * Counts the tallies of these analyses' businesses from their stored points, the same
   * statement as migration 0014: at each valid point a business's best organic position
   * from 1 to 20, then how many points it was found at, their sum and how many fell in 1–3,
   * 4–10 and 11–20. A business never found keeps a null tally. Counting again changes nothing.
   */
  async countTallies(db: DbOrTx, rankMapIds: string[]): Promise<void> {
    if (rankMapIds.length === 0) return;
    await db.execute(sql`
      update ${rankMapBusinesses} b set tally = t.tally
      from (
        select rank_map_id, ref, jsonb_build_object(
          'found', count(*)::int,
          'sum', sum(pos)::int,
          'top3', (count(*) filter (where pos <= 3))::int,
          'top10', (count(*) filter (where pos between 4 and 10))::int,
          'top20', (count(*) filter (where pos >= 11))::int
        ) as tally
        from (
          select r.rank_map_id, r.point_index, (e.pair->>0)::int as ref, min((e.pair->>1)::int) as pos
          from ${rankResults} r cross join jsonb_array_elements(r.organic_refs) as e(pair)
          where r.rank_map_id in ${rankMapIds} and r.status = 'ok' and (e.pair->>1)::int between 1 and 20
          group by 1, 2, 3
        ) best
        group by 1, 2
      ) t
      where b.rank_map_id = t.rank_map_id and b.ref = t.ref`);
  },

  /** The counted tallies of the businesses with these keys (provider place ids) in these analyses; one found nowhere has none. */
  async talliesFor(db: DbOrTx, rankMapIds: string[], keys: string[]): Promise<{ rankMapId: string; key: string; tally: BusinessTally }[]> {
    if (rankMapIds.length === 0 || keys.length === 0) return [];
    const rows = await db
      .select({ rankMapId: rankMapBusinesses.rankMapId, key: rankMapBusinesses.key, tally: rankMapBusinesses.tally })
      .from(rankMapBusinesses)
      .where(and(inArray(rankMapBusinesses.rankMapId, rankMapIds), inArray(rankMapBusinesses.key, keys), isNotNull(rankMapBusinesses.tally)));
    return rows.flatMap((r) => (r.tally ? [{ rankMapId: r.rankMapId, key: r.key, tally: r.tally }] : []));
  },

  async countOk(db: DbOrTx, rankMapId: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(rankResults).where(and(eq(rankResults.rankMapId, rankMapId), eq(rankResults.status, 'ok')));
    return Number(row?.n ?? 0);
  },

  /** Points stored, whatever their status: how many a waiting analysis has received. */
  async countStored(db: DbOrTx, rankMapId: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(rankResults).where(eq(rankResults.rankMapId, rankMapId));
    return Number(row?.n ?? 0);
  },

  /**
   * What the vendor charged for the analysis, in USD: its stored points (each with every try
   * it took, a standard-queue task included) and the tasks it posted for points not stored.
   */
  async sumCost(db: DbOrTx, rankMapId: string): Promise<number> {
    const rows = await rowsOf<{ usd: string | number | null }>(
      db,
      sql`
        select coalesce((select sum(${rankResults.costUsd}) from ${rankResults} where ${rankResults.rankMapId} = ${rankMapId}), 0)
             + coalesce((select sum(t.cost_usd) from ${vendorTasks} t where t.rank_map_id = ${rankMapId}
                           and not exists (select 1 from ${rankResults} r where r.rank_map_id = t.rank_map_id and r.point_index = t.point_index)), 0) as usd`,
    );
    return Number(rows[0]?.usd ?? 0);
  },
};
