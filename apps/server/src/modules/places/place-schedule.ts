import { eq, getTableColumns, sql } from 'drizzle-orm';
import { campaigns } from '../../db/campaigns-schema';
import type { DbOrTx } from '../../db/client';
import { places } from '../../db/places-schema';
import type { CampaignAi } from '@rankmaps/shared/schemas/campaigns';

/**
 * A place's weekly scan is its own campaign (docs/decisions.md §25.3): these are the columns a
 * place row carries from it, so the spec's place fields (weeklyScans, rankDay, rankHour,
 * scheduleDefault) read as before, with its AI visibility (weeklyAi, docs/decisions.md §31.16).
 * Every place has the campaign, made in the same transaction.
 */
export interface PlaceSchedule {
  weeklyScans: boolean;
  rankDay: number;
  rankHour: number;
  scheduleDefault: boolean;
  weeklyAi: CampaignAi | null;
}

export type PlaceColumns = typeof places.$inferSelect;
export type PlaceRow = PlaceColumns & PlaceSchedule;

/** Select a place with its weekly scan: use with `.innerJoin(campaigns, placeCampaignJoin)`. */
export const placeWithSchedule = {
  ...getTableColumns(places),
  weeklyScans: campaigns.active,
  // A place's campaign is weekly, so its day is always set.
  rankDay: sql<number>`${campaigns.day}`.mapWith(campaigns.day),
  rankHour: campaigns.hour,
  scheduleDefault: campaigns.scheduleDefault,
  weeklyAi: campaigns.ai,
};

export const placeCampaignJoin = eq(campaigns.placeId, places.id);

/** The weekly scan of a new place: Monday at 9:00 (docs/product.md §4), on unless the user left it unticked. */
export async function insertPlaceCampaign(db: DbOrTx, place: { id: string; userId: string }, active = true): Promise<void> {
  await db.insert(campaigns).values({ userId: place.userId, placeId: place.id, frequency: 'weekly', day: 1, hour: 9, active }).onConflictDoNothing();
}

/** Changes the place's weekly scan: on/off, or its day and hour, and its AI visibility. */
export async function updatePlaceCampaign(db: DbOrTx, placeId: string, changes: Partial<PlaceSchedule>): Promise<void> {
  const set: Partial<typeof campaigns.$inferInsert> = { updatedAt: new Date() };
  if (changes.weeklyScans !== undefined) {
    set.active = changes.weeklyScans;
    // Turned on or off by the user: a pause for credits is over either way.
    set.pausedReason = null;
    set.pausedAt = null;
  }
  if (changes.rankDay !== undefined) set.day = changes.rankDay;
  if (changes.rankHour !== undefined) set.hour = changes.rankHour;
  if (changes.scheduleDefault !== undefined) set.scheduleDefault = changes.scheduleDefault;
  if (changes.weeklyAi !== undefined) set.ai = changes.weeklyAi;
  await db.update(campaigns).set(set).where(eq(campaigns.placeId, placeId));
}
