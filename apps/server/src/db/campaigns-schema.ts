import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CampaignAi, CampaignFrequency } from '@rankmaps/shared/schemas/campaigns';
import { places } from './places-schema';

import { createdAt, updatedAt, uuidKey } from './columns';
import { ownerWorkspaceId } from './workspaces-schema';

// Campaigns (issue 18, docs/decisions.md §25.3). A place's weekly scan is a campaign too: the row
// with its place_id set, made with the place and deleted with it, which runs every keyword of the
// place (so a new keyword joins it). A custom campaign lists its keywords in campaign_keywords.
export const campaigns = pgTable(
  'campaigns',
  {
    id: uuidKey(),
    userId: ownerWorkspaceId(),
    /** Set only on a place's weekly scan: one per place. */
    placeId: uuid('place_id').references(() => places.id, { onDelete: 'cascade' }),
    /** Null on a place's weekly scan, which is named after the place. */
    name: text('name'),
    frequency: text('frequency').$type<CampaignFrequency>().notNull(),
    /** Weekly, biweekly: 0 (Sunday) to 6; monthly: 1 to 28; otherwise null. */
    day: integer('day'),
    /** Once: the local date, YYYY-MM-DD. */
    runOn: text('run_on'),
    hour: integer('hour').notNull(),
    /** Biweekly: the parity of the week index it runs on. */
    weekParity: integer('week_parity').notNull().default(0),
    windowStart: integer('window_start'),
    windowEnd: integer('window_end'),
    /** Off by the user (a place's weekly scans turned off) or paused. */
    active: boolean('active').notNull().default(true),
    /** Why it was paused by the system ('credits'), null when running or turned off by the user. */
    pausedReason: text('paused_reason'),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    /** A place's weekly scan at the spec's default, Monday 9:00 (the card says so). */
    scheduleDefault: boolean('schedule_default').notNull().default(true),
    /** AI visibility in each round (docs/decisions.md §31.16): one AI analysis per keyword with these engines, grid and samples; null when off. */
    ai: jsonb('ai').$type<CampaignAi>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('campaigns_place_key').on(t.placeId),
    // A custom campaign's name is unique per owner whatever the case: a repeated «Crear» makes one.
    uniqueIndex('campaigns_user_name_key').on(t.userId, sql`lower(${t.name})`),
    index('campaigns_user_idx').on(t.userId),
    index('campaigns_active_idx').on(t.active).where(sql`${t.active}`),
  ],
);

/**
 * One run of a campaign: the slot it is for ('2026-11-27', '2026-W48', '2026-11', 'once'),
 * unique per campaign, so a slot runs once whatever the workers and restarts. Its analyses point
 * to it (rank_maps.campaign_round_id, unique per keyword).
 */
export const campaignRounds = pgTable(
  'campaign_rounds',
  {
    id: uuidKey(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    userId: ownerWorkspaceId(),
    slot: text('slot').notNull(),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }).notNull(),
    /** Set when the round was not run for lack of credits (the campaign paused instead). */
    skippedReason: text('skipped_reason'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('campaign_rounds_slot_key').on(t.campaignId, t.slot), index('campaign_rounds_campaign_idx').on(t.campaignId, t.scheduledFor)],
);
