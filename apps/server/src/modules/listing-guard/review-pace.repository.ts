import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { keywords, rankMapBusinesses, rankMaps } from '../../db/rankmaps-schema';

/** One business as one completed analysis saw it. */
export interface ReviewSighting {
  key: string;
  at: Date;
  rating: number | null;
  reviews: number;
  provider: string;
}

export const reviewPaceRepository = {
  /**
   * What the place's completed analyses since `since` (every keyword's) saw of these
   * businesses, by their provider id. Reached through the place's keywords, so the keyword
   * index of rank_maps is used, then one row per analysis and business (its unique key).
   */
  async sightings(db: DbOrTx, placeId: string, keys: string[], since: Date): Promise<ReviewSighting[]> {
    if (keys.length === 0) return [];
    // The search instant (a scheduled scan searches at its time, others when created): the day a point is dated by.
    const searchedAt = sql<Date>`coalesce(${rankMaps.scheduledFor}, ${rankMaps.createdAt})`.mapWith(rankMaps.createdAt);
    const ofPlace = db.select({ id: keywords.id }).from(keywords).where(eq(keywords.placeId, placeId));
    const rows = await db
      .select({ key: rankMapBusinesses.key, at: searchedAt, business: rankMapBusinesses.business, provider: rankMaps.provider })
      .from(rankMaps)
      .innerJoin(rankMapBusinesses, eq(rankMapBusinesses.rankMapId, rankMaps.id))
      .where(and(inArray(rankMaps.keywordId, ofPlace), eq(rankMaps.status, 'completed'), gte(searchedAt, since), inArray(rankMapBusinesses.key, keys)));
    return rows.map((r) => ({ key: r.key, at: r.at, rating: r.business.rating ?? null, reviews: r.business.userRatingCount ?? 0, provider: r.provider }));
  },
};
