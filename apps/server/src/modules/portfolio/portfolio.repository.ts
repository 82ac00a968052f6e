import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client';
import { type Scope, clientCondition } from '../workspaces/scope';

export type PortfolioSortColumn = 'place' | 'keyword' | 'client' | 'geoRank' | 'geoRankChange' | 'avgPosition' | 'avgTotalPosition' | 'localPack' | 'lastAt' | 'nextRunAt';

export interface PortfolioFilter {
  /** The workspace, and the clients a Miembro or a Cliente sees (docs/decisions.md §30.6). */
  scope: Scope;
  /** Lower-cased words without accents: each must appear in the place's or the keyword's name. */
  terms: string[];
  /** A client id, 'none' (no client), or undefined (every place). */
  clientId?: string;
  movement?: 'dropped' | 'improved';
  state?: 'failed' | 'never';
  sort: PortfolioSortColumn;
  dir: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export interface PortfolioDbRow {
  keyword_id: string;
  keyword_name: string;
  place_id: string;
  place_name: string;
  client_id: string | null;
  client_name: string | null;
  weekly_scans: boolean;
  rank_day: number;
  rank_hour: number;
  time_zone: string;
  latest_rank_map_id: string | null;
  geo_rank: number | null;
  avg_position: number | null;
  avg_total_position: number | null;
  local_pack: number | null;
  geo_rank_change: number | null;
  avg_position_change: number | null;
  avg_total_position_change: number | null;
  local_pack_change: number | null;
  grid_changed: boolean | null;
  sparkline: number[] | string | null;
  provider: string | null;
  last_state: 'completed' | 'failed' | null;
  last_at: Date | string | null;
  total: number | string;
}

/** The same accents the service strips from the search words (docs/decisions.md §25.1). */
export const ACCENTED = 'áàäâãéèëêíìïîóòöôõúùüûñç';
export const PLAIN = 'aaaaaeeeeiiiiooooouuuunc';

/** A keyword's pending scheduled analysis not yet due, if any (rank_maps_keyword_active_idx). */
const nextScheduled = sql`(select min(m.scheduled_for) from rank_maps m
  where m.keyword_id = k.id and m.status in ('pending', 'processing') and m.status = 'pending' and m.scheduled_for > now())`;

/**
 * The place's next weekly slot in SQL, for sorting only (the rows show nextWeeklySlot's): rankDay
 * (0 = Sunday) at rankHour on the place's wall clock, strictly after now.
 */
const nextWeekly = sql`case when p.weekly_scans then (
  select case when (w.d + make_interval(hours => p.rank_hour)) at time zone p.time_zone > now()
    then (w.d + make_interval(hours => p.rank_hour)) at time zone p.time_zone
    else (w.d + make_interval(days => 7, hours => p.rank_hour)) at time zone p.time_zone end
  from (select date_trunc('day', now() at time zone p.time_zone)
    + make_interval(days => ((p.rank_day - extract(dow from now() at time zone p.time_zone)::int + 7) % 7)) as d) w
) end`;

const sortExpressions: Record<PortfolioSortColumn, SQL> = {
  place: sql`lower(p.name)`,
  keyword: sql`lower(k.name)`,
  client: sql`lower(c.name)`,
  geoRank: sql`f.geo_rank`,
  geoRankChange: sql`f.geo_rank_change`,
  avgPosition: sql`f.avg_position`,
  avgTotalPosition: sql`f.avg_total_position`,
  localPack: sql`f.local_pack`,
  lastAt: sql`f.last_at`,
  // The weekly slot is worked out once per place, in placesWithSlot.
  nextRunAt: sql`least(p.next_weekly, ${nextScheduled})`,
};

/** The places to join, with their weekly scan, and their next weekly slot when sorting by the next run. */
const placesFor = (filter: PortfolioFilter) => {
  // A place's weekly scan is its campaign (docs/decisions.md §25.3): its day, hour and on/off come from there.
  const withSchedule = sql`(select p.*, pc.active and pc.paused_reason is null as weekly_scans, pc.day as rank_day, pc.hour as rank_hour
    from places p join campaigns pc on pc.place_id = p.id where p.user_id = ${filter.scope.workspaceId})`;
  return filter.sort === 'nextRunAt' ? sql`(select p.*, ${nextWeekly} as next_weekly from ${withSchedule} p)` : withSchedule;
};

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function conditions(filter: PortfolioFilter): SQL {
  const parts: SQL[] = [sql`k.user_id = ${filter.scope.workspaceId}`];
  const assigned = clientCondition(filter.scope, sql`p.client_id`);
  if (assigned) parts.push(assigned);
  if (filter.clientId === 'none') parts.push(sql`p.client_id is null`);
  else if (filter.clientId) parts.push(sql`p.client_id = ${filter.clientId}`);
  if (filter.movement === 'dropped') parts.push(sql`f.geo_rank_change < 0`);
  if (filter.movement === 'improved') parts.push(sql`f.geo_rank_change > 0`);
  if (filter.state === 'failed') parts.push(sql`f.last_state = 'failed'`);
  if (filter.state === 'never') parts.push(sql`f.last_state is null`);
  for (const term of filter.terms) {
    parts.push(sql`translate(lower(p.name || ' ' || k.name), ${ACCENTED}, ${PLAIN}) like ${`%${likeEscape(term)}%`}`);
  }
  return sql.join(parts, sql` and `);
}

export const portfolioRepository = {
  /**
   * One page of the user's place × keyword rows with the total that match (docs/decisions.md §25.1).
   * Everything comes from keyword_figures but whether an analysis runs now and the next pending
   * scheduled one, read for the page's rows only through the partial index of active analyses.
   */
  async page(db: DbOrTx, filter: PortfolioFilter): Promise<PortfolioDbRow[]> {
    const dir = filter.dir === 'desc' ? sql`desc` : sql`asc`;
    return rowsOf<PortfolioDbRow>(
      db,
      sql`
      select k.id as keyword_id, k.name as keyword_name, p.id as place_id, p.name as place_name,
        c.id as client_id, c.name as client_name, p.weekly_scans, p.rank_day, p.rank_hour, p.time_zone,
        f.latest_rank_map_id, f.geo_rank, f.avg_position, f.avg_total_position, f.local_pack,
        f.geo_rank_change, f.avg_position_change, f.avg_total_position_change, f.local_pack_change,
        f.grid_changed, f.sparkline, f.provider, f.last_state, f.last_at,
        count(*) over () as total
      from keywords k
      join ${placesFor(filter)} p on p.id = k.place_id
      left join clients c on c.id = p.client_id
      left join keyword_figures f on f.keyword_id = k.id
      where ${conditions(filter)}
      order by ${sortExpressions[filter.sort]} ${dir} nulls last, lower(p.name), p.id, lower(k.name), k.id
      limit ${filter.limit} offset ${filter.offset}`,
    );
  },

  /**
   * For the page's keywords only, through the partial index of active analyses: whether one
   * runs now (processing, or pending and due) and the next pending scheduled one not yet due.
   */
  async activity(db: DbOrTx, keywordIds: string[]): Promise<Map<string, { running: boolean; nextScheduled: Date | null }>> {
    if (keywordIds.length === 0) return new Map();
    const rows = await rowsOf<{ keyword_id: string; running: boolean; next_scheduled: Date | string | null }>(
      db,
      sql`select m.keyword_id,
          bool_or(m.status = 'processing' or m.scheduled_for is null or m.scheduled_for <= now()) as running,
          min(m.scheduled_for) filter (where m.status = 'pending' and m.scheduled_for > now()) as next_scheduled
        from rank_maps m
        where m.keyword_id in (${sql.join(keywordIds.map((id) => sql`${id}::uuid`), sql`, `)}) and m.status in ('pending', 'processing')
        group by m.keyword_id`,
    );
    return new Map(rows.map((r) => [r.keyword_id, { running: r.running, nextScheduled: r.next_scheduled === null ? null : new Date(r.next_scheduled) }]));
  },

  /** How many rows match: asked only for a page past the end, where no row carries the window's total. */
  async count(db: DbOrTx, filter: PortfolioFilter): Promise<number> {
    const [row] = await rowsOf<{ n: number | string }>(
      db,
      sql`select count(*) as n from keywords k join places p on p.id = k.place_id left join clients c on c.id = p.client_id
        left join keyword_figures f on f.keyword_id = k.id where ${conditions(filter)}`,
    );
    return Number(row?.n ?? 0);
  },
};
