import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/client';
import { placeFollowedCompetitors } from '../../db/followed-competitors-schema';
import { places } from '../../db/places-schema';
import { keywords, rankMapBusinesses, rankMaps, rankResults } from '../../db/rankmaps-schema';

/** An analysis as a report heads it, and the version of its section (see sectionHead). */
export interface SectionHead {
  id: string;
  status: string;
  keyword: string;
  /** The analysis's keyword: the report carries its latest AI analysis (docs/decisions.md §31.13). */
  keywordId: string;
  /** The analysis's place: the report names its client, if any. */
  placeId: string;
  /** The place's time zone, for the dates the report writes. */
  timeZone: string;
  place: { name: string; address: string; market: { countryCode: string; languageCode: string } };
  version: string;
}

/** A stored point as the report draws it: our position, and who led there (the first organic result). */
export interface ReportPointRow {
  pointIndex: number;
  status: 'ok' | 'failed';
  position: number | null;
  leader: { name: string; placeId: string | null; position: number } | null;
}

/**
 * What the report builder reads of analyses beyond the analysis itself, each with only the
 * columns it shows: a 25×25 analysis's results are ~3.8 MB of JSON, and a report needs, at
 * each point, our position and the name of the first result.
 */
export const reportAnalysesRepository = {
  /**
   * The owner's analysis as a report heads it (its keyword, its place and the market it searched
   * in), with `version`: everything its section depends on beyond its own stored results, which
   * never change once it completes. That is its status and updated_at, the keyword's and the
   * place's names and time zone, every completed analysis of the keyword (the previous one and
   * the trend are among them) with its updated_at, and the place's followed competitors. Any
   * change to one of them changes the version. Undefined when it is not the owner's.
   */
  async sectionHead(db: DbOrTx, ownerId: string, rankMapId: string): Promise<SectionHead | undefined> {
    const [row] = await rowsOf<{
      status: string;
      keyword: string;
      keyword_id: string;
      place_id: string;
      place_name: string;
      address: string;
      time_zone: string;
      country_code: string;
      search_language: string;
      region_code: string | null;
      language_code: string | null;
      updated_at: string;
      analyses: string;
      followed: string;
    }>(
      db,
      sql`
        select r.status, k.name as keyword, r.keyword_id, r.place_id, p.name as place_name, p.address, p.time_zone, p.country_code, p.search_language,
          r.target->>'regionCode' as region_code, r.target->>'languageCode' as language_code, r.updated_at::text as updated_at,
          (select coalesce(string_agg(x.id::text || '@' || x.updated_at::text, ',' order by x.id), '')
             from ${rankMaps} x where x.keyword_id = r.keyword_id and x.status = 'completed') as analyses,
          (select coalesce(string_agg(f.competitor_place_id || '@' || f.name || '@' || f.created_at::text, ',' order by f.created_at, f.competitor_place_id), '')
             from ${placeFollowedCompetitors} f where f.place_id = r.place_id) as followed
        from ${rankMaps} r
        join ${keywords} k on k.id = r.keyword_id
        join ${places} p on p.id = r.place_id
        where r.id = ${rankMapId} and r.user_id = ${ownerId}`,
    );
    if (!row) return undefined;
    return {
      id: rankMapId,
      status: row.status,
      keyword: row.keyword,
      keywordId: row.keyword_id,
      placeId: row.place_id,
      timeZone: row.time_zone,
      place: { name: row.place_name, address: row.address, market: { countryCode: row.region_code ?? row.country_code, languageCode: row.language_code ?? row.search_language } },
      version: JSON.stringify([row.status, row.updated_at, row.keyword, row.place_name, row.time_zone, row.analyses, row.followed]),
    };
  },

  /**
   * The keyword's completed analysis made before this one (by creation, as the alerts find
   * it: notificationsRepository.previousCompleted), with what the comparison needs.
   */
  async previousCompleted(db: DbOrTx, keywordId: string, rankMapId: string, before: Date) {
    const [row] = await db
      .select({ id: rankMaps.id, grid: rankMaps.grid, stats: rankMaps.stats, completedAt: rankMaps.completedAt })
      .from(rankMaps)
      .where(and(eq(rankMaps.keywordId, keywordId), eq(rankMaps.status, 'completed'), lt(rankMaps.createdAt, before), sql`${rankMaps.id} <> ${rankMapId}`))
      .orderBy(desc(rankMaps.createdAt))
      .limit(1);
    return row;
  },

  /** A keyword's latest `limit` completed analyses, newest first (as the trend orders them), with the figures the history shows. */
  async completedByKeyword(db: DbOrTx, keywordId: string, limit: number) {
    return db
      .select({ id: rankMaps.id, completedAt: rankMaps.completedAt, stats: rankMaps.stats, provider: rankMaps.provider })
      .from(rankMaps)
      .where(and(eq(rankMaps.keywordId, keywordId), eq(rankMaps.status, 'completed')))
      .orderBy(desc(rankMaps.completedAt), desc(rankMaps.id))
      .limit(limit);
  },

  /** Each of these keywords' latest completed analysis id (newest completion first, as completedByKeyword). */
  async latestCompletedIds(db: DbOrTx, keywordIds: string[]): Promise<Map<string, string>> {
    if (keywordIds.length === 0) return new Map();
    const rows = await db
      .selectDistinctOn([rankMaps.keywordId], { keywordId: rankMaps.keywordId, id: rankMaps.id })
      .from(rankMaps)
      .where(and(inArray(rankMaps.keywordId, keywordIds), eq(rankMaps.status, 'completed')))
      .orderBy(rankMaps.keywordId, desc(rankMaps.completedAt), desc(rankMaps.id));
    return new Map(rows.map((r) => [r.keywordId, r.id]));
  },

  /**
   * Every stored point of an analysis: its status, our position and its first organic result
   * (name, provider id and position), joined in the database so that only those travel.
   */
  async pointsWithLeader(db: DbOrTx, rankMapId: string): Promise<ReportPointRow[]> {
    const rows = await rowsOf<{
      point_index: number;
      status: 'ok' | 'failed';
      position: number | null;
      leader_name: string | null;
      leader_place_id: string | null;
      leader_position: number | null;
    }>(
      db,
      sql`
        select r.point_index, r.status, r.position,
          b.business->>'name' as leader_name, b.business->>'placeId' as leader_place_id, (r.organic_refs->0->>1)::int as leader_position
        from ${rankResults} r
        left join ${rankMapBusinesses} b on b.rank_map_id = r.rank_map_id and b.ref = (r.organic_refs->0->>0)::int
        where r.rank_map_id = ${rankMapId}`,
    );
    return rows.map((r) => ({
      pointIndex: Number(r.point_index),
      status: r.status,
      position: r.position === null ? null : Number(r.position),
      leader: r.leader_name === null ? null : { name: r.leader_name, placeId: r.leader_place_id, position: Number(r.leader_position) },
    }));
  },
};
