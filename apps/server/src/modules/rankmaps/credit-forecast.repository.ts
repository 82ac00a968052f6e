import { and, eq, gt, gte, inArray, like, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { places } from '../../db/places-schema';
import { keywords, rankMaps } from '../../db/rankmaps-schema';
import { FAILURE_REASONS } from './scan/scan-billing.service';

/** How every "not enough credits" failure reason starts (FAILURE_REASONS.insufficientCredits). */
const CREDITS_REASON_PREFIX = FAILURE_REASONS.insufficientCredits(0).split('(')[0] ?? '';

export const creditForecastRepository = {
  /** The user's places with weekly scans on, each with how many keywords it has (0 if none). */
  async weeklyPlaces(db: DbOrTx, userId: string) {
    const rows = await db
      .select({ place: places, keywordId: keywords.id })
      .from(places)
      .leftJoin(keywords, eq(keywords.placeId, places.id))
      .where(and(eq(places.userId, userId), eq(places.weeklyScans, true)));
    const byPlace = new Map<string, { place: typeof places.$inferSelect; keywords: number }>();
    for (const r of rows) {
      const entry = byPlace.get(r.place.id) ?? { place: r.place, keywords: 0 };
      if (r.keywordId) entry.keywords++;
      byPlace.set(r.place.id, entry);
    }
    return [...byPlace.values()];
  },

  /** The user's analyses scheduled between the two dates that will pay credits when they start. */
  async scheduledToPay(db: DbOrTx, userId: string, from: Date, to: Date) {
    return db
      .select({ id: rankMaps.id, placeId: rankMaps.placeId, placeName: places.name, timeZone: places.timeZone, rankDay: places.rankDay, rankHour: places.rankHour, scheduledFor: rankMaps.scheduledFor, totalPoints: rankMaps.totalPoints })
      .from(rankMaps)
      .innerJoin(places, eq(places.id, rankMaps.placeId))
      .where(
        and(
          eq(rankMaps.userId, userId),
          eq(rankMaps.kind, 'scheduled'),
          eq(rankMaps.status, 'pending'),
          eq(rankMaps.billing, 'credits'),
          eq(rankMaps.creditsCharged, 0),
          gt(rankMaps.scheduledFor, from),
          lte(rankMaps.scheduledFor, to),
        ),
      );
  },

  /** Users who have scheduled work: a place with weekly scans and a keyword, or an analysis scheduled to pay credits. */
  async usersWithScheduledWork(db: DbOrTx, from: Date, to: Date): Promise<string[]> {
    const [weekly, scheduled] = await Promise.all([
      db.selectDistinct({ userId: places.userId }).from(places).innerJoin(keywords, eq(keywords.placeId, places.id)).where(eq(places.weeklyScans, true)),
      db
        .selectDistinct({ userId: rankMaps.userId })
        .from(rankMaps)
        .where(and(eq(rankMaps.kind, 'scheduled'), eq(rankMaps.status, 'pending'), eq(rankMaps.billing, 'credits'), gt(rankMaps.scheduledFor, from), lte(rankMaps.scheduledFor, to))),
    ]);
    return [...new Set([...weekly, ...scheduled].map((r) => r.userId))];
  },

  /** Weekly and scheduled analyses that failed for lack of credits since `since`, with their place's name. */
  async failedForCredits(db: DbOrTx, since: Date, userIds?: string[]) {
    return db
      .select({
        id: rankMaps.id,
        userId: rankMaps.userId,
        placeId: rankMaps.placeId,
        placeName: places.name,
        timeZone: places.timeZone,
        rankDay: places.rankDay,
        rankHour: places.rankHour,
        kind: rankMaps.kind,
        weeklySlot: rankMaps.weeklySlot,
        scheduledFor: rankMaps.scheduledFor,
        totalPoints: rankMaps.totalPoints,
        query: rankMaps.query,
      })
      .from(rankMaps)
      .innerJoin(places, eq(places.id, rankMaps.placeId))
      .where(
        and(
          inArray(rankMaps.kind, ['weekly', 'scheduled']),
          eq(rankMaps.status, 'failed'),
          like(rankMaps.failureReason, `${CREDITS_REASON_PREFIX}%`),
          gte(rankMaps.completedAt, since),
          ...(userIds ? [inArray(rankMaps.userId, userIds)] : []),
        ),
      );
  },
};
