import { and, asc, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { campaigns } from '../../db/campaigns-schema';
import { places } from '../../db/places-schema';
import { placeCampaignJoin, placeWithSchedule } from '../places/place-schedule';
import { keywords, rankMaps } from '../../db/rankmaps-schema';
import type { KeywordWithPlace } from '../keywords/keywords.repository';

/** Keywords with their places (and each place's own scan schedule), for the caller to filter and order. */
const keywordsWithPlaces = (db: DbOrTx) =>
  db
    .select({ keyword: keywords, place: placeWithSchedule })
    .from(keywords)
    .innerJoin(places, eq(places.id, keywords.placeId))
    .innerJoin(campaigns, placeCampaignJoin);

/** The queries of «Analizar todas» (docs/decisions.md §25.2), scoped to the owner. */
export const analyzeAllRepository = {
  /** The owner's keywords among `ids`, with their places, in the places' and keywords' order. */
  async ownedKeywords(db: DbOrTx, userId: string, ids: string[]): Promise<KeywordWithPlace[]> {
    if (ids.length === 0) return [];
    return keywordsWithPlaces(db)
      .where(and(eq(keywords.userId, userId), inArray(keywords.id, ids)))
      .orderBy(asc(places.createdAt), asc(places.id), asc(keywords.createdAt), asc(keywords.id));
  },

  /** Every keyword of the owner's place, with the place, oldest first. */
  async keywordsOfPlace(db: DbOrTx, userId: string, placeId: string): Promise<KeywordWithPlace[]> {
    return keywordsWithPlaces(db)
      .where(and(eq(places.userId, userId), eq(places.id, placeId)))
      .orderBy(asc(keywords.createdAt), asc(keywords.id));
  },

  /** The keywords among `ids` with an analysis waiting to run now or running (scheduled ones for later do not count). */
  async runningKeywordIds(db: DbOrTx, keywordIds: string[], now: Date): Promise<Set<string>> {
    if (keywordIds.length === 0) return new Set();
    const rows = await db
      .selectDistinct({ keywordId: rankMaps.keywordId })
      .from(rankMaps)
      .where(
        and(
          inArray(rankMaps.keywordId, keywordIds),
          inArray(rankMaps.status, ['pending', 'processing']),
          or(isNull(rankMaps.scheduledFor), lte(rankMaps.scheduledFor, now)),
        ),
      );
    return new Set(rows.map((r) => r.keywordId));
  },
};
