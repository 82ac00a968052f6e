import { and, eq, gt, gte, inArray, isNull, like, lte } from 'drizzle-orm';
import { campaignRounds, campaigns } from '../../db/campaigns-schema';
import type { DbOrTx } from '../../db/client';
import { places } from '../../db/places-schema';
import { rankMaps } from '../../db/rankmaps-schema';
import { FAILURE_REASONS } from './scan/scan-billing.service';

/** How every "not enough credits" failure reason starts (FAILURE_REASONS.insufficientCredits). */
const CREDITS_REASON_PREFIX = FAILURE_REASONS.insufficientCredits(0).split('(')[0] ?? '';

export const creditForecastRepository = {
  /** The user's analyses scheduled between the two dates that will pay credits when they start (a campaign's are counted with its rounds). */
  async scheduledToPay(db: DbOrTx, userId: string, from: Date, to: Date) {
    return db
      .select({ id: rankMaps.id, placeId: rankMaps.placeId, placeName: places.name, timeZone: places.timeZone, scheduledFor: rankMaps.scheduledFor, totalPoints: rankMaps.totalPoints })
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

  /** Users who have scheduled work: a running campaign (a place's weekly scan is one), or an analysis scheduled to pay credits. */
  async usersWithScheduledWork(db: DbOrTx, from: Date, to: Date): Promise<string[]> {
    const [running, scheduled] = await Promise.all([
      db.selectDistinct({ userId: campaigns.userId }).from(campaigns).where(and(eq(campaigns.active, true), isNull(campaigns.pausedReason))),
      db
        .selectDistinct({ userId: rankMaps.userId })
        .from(rankMaps)
        .where(and(eq(rankMaps.kind, 'scheduled'), eq(rankMaps.status, 'pending'), eq(rankMaps.billing, 'credits'), gt(rankMaps.scheduledFor, from), lte(rankMaps.scheduledFor, to))),
    ]);
    return [...new Set([...running, ...scheduled].map((r) => r.userId))];
  },

  /** Weekly, campaign and scheduled analyses that failed for lack of credits since `since`, with their place's name. */
  async failedForCredits(db: DbOrTx, since: Date, userIds?: string[]) {
    return db
      .select({
        id: rankMaps.id,
        userId: rankMaps.userId,
        placeId: rankMaps.placeId,
        placeName: places.name,
        timeZone: places.timeZone,
        kind: rankMaps.kind,
        weeklySlot: rankMaps.weeklySlot,
        scheduledFor: rankMaps.scheduledFor,
        totalPoints: rankMaps.totalPoints,
        query: rankMaps.query,
        campaignRoundId: rankMaps.campaignRoundId,
        campaignName: campaigns.name,
      })
      .from(rankMaps)
      .innerJoin(places, eq(places.id, rankMaps.placeId))
      .leftJoin(campaignRounds, eq(campaignRounds.id, rankMaps.campaignRoundId))
      .leftJoin(campaigns, eq(campaigns.id, campaignRounds.campaignId))
      .where(
        and(
          inArray(rankMaps.kind, ['weekly', 'scheduled', 'campaign']),
          eq(rankMaps.status, 'failed'),
          like(rankMaps.failureReason, `${CREDITS_REASON_PREFIX}%`),
          gte(rankMaps.completedAt, since),
          ...(userIds ? [inArray(rankMaps.userId, userIds)] : []),
        ),
      );
  },
};
