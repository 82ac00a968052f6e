import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * Whether two analyses' grid snapshots are one grid: size, radius and centre, as
 * rankmap-compare.service's sameGrid says. The changes, and the sparkline, only compare
 * analyses of one grid (docs/decisions.md §25.6).
 */
const sameGridSql = (a: string, b: string) =>
  // «is not distinct from»: a field missing on both sides (an old or test snapshot) still matches.
  sql.raw(
    `(${a}->'gridSize' is not distinct from ${b}->'gridSize' and ${a}->'radius' is not distinct from ${b}->'radius'` +
      ` and ${a}->'center'->'lat' is not distinct from ${b}->'center'->'lat' and ${a}->'center'->'lng' is not distinct from ${b}->'center'->'lng')`,
  );

/**
 * The statement that rewrites keyword_figures from rank_maps for the keywords `which` selects
 * (docs/decisions.md §25.1). Migration 0026 backfills with the same statement over every keyword.
 * The changes are null, and grid_changed true, when the analysis before the latest ran on another grid.
 * Each lateral read walks rank_maps_keyword_created_idx: a keyword's newest analyses first.
 */
const refreshStatement = (which: SQL) => sql`
  insert into keyword_figures as f (
    keyword_id, user_id, place_id, latest_rank_map_id,
    geo_rank, avg_position, avg_total_position, local_pack,
    geo_rank_change, avg_position_change, avg_total_position_change, local_pack_change, grid_changed,
    sparkline, provider, completed_at, last_state, last_at, updated_at
  )
  select k.id, k.user_id, k.place_id, c1.id,
    (c1.stats->>'geoRank')::float8, (c1.stats->>'avgPosition')::float8,
    (c1.stats->>'avgTotalPosition')::float8, (c1.stats->>'localPackPercentage')::float8,
    case when same.grid then (c1.stats->>'geoRank')::float8 - (c2.stats->>'geoRank')::float8 end,
    case when same.grid then (c1.stats->>'avgPosition')::float8 - (c2.stats->>'avgPosition')::float8 end,
    case when same.grid then (c1.stats->>'avgTotalPosition')::float8 - (c2.stats->>'avgTotalPosition')::float8 end,
    case when same.grid then (c1.stats->>'localPackPercentage')::float8 - (c2.stats->>'localPackPercentage')::float8 end,
    coalesce(not same.grid, false),
    coalesce(spark.points, '[]'::jsonb), c1.provider, c1.completed_at,
    lf.status, coalesce(lf.completed_at, lf.updated_at), now()
  from keywords k
  left join lateral (
    select m.id, m.stats, m.grid, m.provider, m.completed_at from rank_maps m
    where m.keyword_id = k.id and m.status = 'completed' and m.stats is not null
    order by m.created_at desc, m.id desc limit 1
  ) c1 on true
  left join lateral (
    select m.stats, m.grid from rank_maps m
    where m.keyword_id = k.id and m.status = 'completed' and m.stats is not null
    order by m.created_at desc, m.id desc offset 1 limit 1
  ) c2 on true
  -- The latest two on one grid (size, radius, centre), as sameGrid says; null without a second.
  left join lateral (
    select ${sameGridSql('c1.grid', 'c2.grid')} as grid where c2.grid is not null
  ) same on true
  left join lateral (
    select jsonb_agg(s.g order by s.created_at, s.id) as points from (
      select (m.stats->>'geoRank')::float8 as g, m.created_at, m.id from rank_maps m
      where m.keyword_id = k.id and m.status = 'completed' and m.stats is not null
        and ${sameGridSql('m.grid', 'c1.grid')}
      order by m.created_at desc, m.id desc limit 12
    ) s
  ) spark on true
  left join lateral (
    select m.status, m.completed_at, m.updated_at from rank_maps m
    where m.keyword_id = k.id and m.status in ('completed', 'failed')
    order by m.created_at desc, m.id desc limit 1
  ) lf on true
  where ${which}
  on conflict (keyword_id) do update set
    place_id = excluded.place_id, latest_rank_map_id = excluded.latest_rank_map_id,
    geo_rank = excluded.geo_rank, avg_position = excluded.avg_position,
    avg_total_position = excluded.avg_total_position, local_pack = excluded.local_pack,
    geo_rank_change = excluded.geo_rank_change, avg_position_change = excluded.avg_position_change,
    avg_total_position_change = excluded.avg_total_position_change, local_pack_change = excluded.local_pack_change,
    grid_changed = excluded.grid_changed,
    sparkline = excluded.sparkline, provider = excluded.provider, completed_at = excluded.completed_at,
    last_state = excluded.last_state, last_at = excluded.last_at, updated_at = excluded.updated_at`;

export const keywordFiguresRepository = {
  /**
   * Recomputes one keyword's figures, in the caller's transaction: called where an analysis
   * completes (finishScan), fails (failRankMap) or is deleted. A keyword already gone (deleted
   * with its place) is skipped by the join.
   */
  async refresh(db: DbOrTx, keywordId: string): Promise<void> {
    await db.execute(refreshStatement(sql`k.id = ${keywordId}`));
  },

  /** Every keyword of a user (bench seeding and repair). */
  async refreshUser(db: DbOrTx, userId: string): Promise<void> {
    await db.execute(refreshStatement(sql`k.user_id = ${userId}`));
  },
};
