import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { MetricsResultItem, PositionTally, ScanStats, StoredCompetitorAnalysis } from '@rankmaps/shared/metrics';
import { campaignRounds, campaigns } from './campaigns-schema';
import { ownerPlaceId } from './places-schema';

import { type VendorTaskState, createdAt, updatedAt, uuidKey, vendorTaskColumns } from './columns';
import { ownerWorkspaceId } from './workspaces-schema';

// A search phrase tracked for a place (docs/product.md §3 Keyword). Unique per place whatever the case.
export const keywords = pgTable(
  'keywords',
  {
    id: uuidKey(),
    placeId: ownerPlaceId(),
    userId: ownerWorkspaceId(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('keywords_place_name_key').on(t.placeId, sql`lower(${t.name})`)],
);

/** The keywords of a custom campaign (docs/decisions.md §25.3); a place's weekly scan has none: it runs all of them. */
export const campaignKeywords = pgTable(
  'campaign_keywords',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    keywordId: uuid('keyword_id')
      .notNull()
      .references(() => keywords.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.keywordId] }), index('campaign_keywords_keyword_idx').on(t.keywordId)],
);

/**
 * A keyword's latest figures (issue 18, docs/decisions.md §25.1): what the portfolio and the
 * cards read instead of walking every analysis. Rewritten from rank_maps by
 * keywordFiguresRepository.refresh in the transaction that completes, fails or deletes one of
 * the keyword's analyses. "Latest" and "previous" are the two newest completed analyses (by
 * creation); the changes are latest minus previous (null without a previous one).
 */
export const keywordFigures = pgTable(
  'keyword_figures',
  {
    keywordId: uuid('keyword_id')
      .primaryKey()
      .references(() => keywords.id, { onDelete: 'cascade' }),
    userId: ownerWorkspaceId(),
    placeId: ownerPlaceId(),
    /** The latest completed analysis (no foreign key: deleting it recomputes this row). */
    latestRankMapId: uuid('latest_rank_map_id'),
    geoRank: doublePrecision('geo_rank'),
    avgPosition: doublePrecision('avg_position'),
    avgTotalPosition: doublePrecision('avg_total_position'),
    localPack: doublePrecision('local_pack'),
    geoRankChange: doublePrecision('geo_rank_change'),
    avgPositionChange: doublePrecision('avg_position_change'),
    avgTotalPositionChange: doublePrecision('avg_total_position_change'),
    localPackChange: doublePrecision('local_pack_change'),
    /** The analysis before the latest ran on another grid: the changes are null, and the card says so (docs/decisions.md §25.6). */
    gridChanged: boolean('grid_changed').notNull().default(false),
    /** The GeoRank of the last 12 completed analyses, oldest first. */
    sparkline: jsonb('sparkline').$type<number[]>().notNull().default([]),
    /** The latest completed analysis' provider: 'demo' and 'google-places' are labelled. */
    provider: text('provider'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** The newest finished analysis (completed or failed), its state and when it finished. */
    lastState: text('last_state').$type<'completed' | 'failed'>(),
    lastAt: timestamp('last_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('keyword_figures_user_geo_rank_idx').on(t.userId, t.geoRank),
    index('keyword_figures_user_change_idx').on(t.userId, t.geoRankChange),
    index('keyword_figures_user_last_idx').on(t.userId, t.lastAt),
  ],
);

/** One valid grid point of an analysis; index is its place in the snapshot (row by row). */
export interface RankMapPoint {
  index: number;
  row: number;
  col: number;
  lat: number;
  lng: number;
}

/** The grid as it was when the analysis was created: the place's matrix may change later. */
export interface RankMapGrid {
  gridSize: number;
  radius: number;
  center: { lat: number; lng: number };
  points: RankMapPoint[];
  /** The map zoom its searches run at, from the spacing (docs/metrics.md); absent on older analyses, which used 13. */
  zoom?: number;
}

/** The business searched for, as it was when the analysis was created. */
export interface RankMapTarget {
  placeId: string;
  name: string;
  /** Null for a service-area business: it is matched by id and name only. */
  lat: number | null;
  lng: number | null;
  rating: number | null;
  totalReviews: number;
  regionCode: string | null;
  /** The market's search language ('es'); absent on analyses made before markets, which searched in Spanish. */
  languageCode?: string;
  /** Google's customer id, when known (absent on older analyses). */
  cid?: string | null;
}

export type RankMapStatusValue = 'pending' | 'processing' | 'completed' | 'failed';
/** How the vendor was asked: 'live' answers each call; 'standard' is posted, then collected when ready. */
export type VendorQueue = 'live' | 'standard';
export type RankMapKindValue = 'manual' | 'scheduled' | 'weekly' | 'campaign';
/** credits: a pro plan pays 1 credit per valid point; plan: included in a basic plan. */
export type RankMapBilling = 'credits' | 'plan';

// One analysis (docs/product.md §3 RankMap). run_token and heartbeat_at are the lease of the worker
// running it: a worker that dies stops beating, and another may take over.
export const rankMaps = pgTable(
  'rank_maps',
  {
    id: uuidKey(),
    keywordId: uuid('keyword_id')
      .notNull()
      .references(() => keywords.id, { onDelete: 'cascade' }),
    placeId: ownerPlaceId(),
    userId: ownerWorkspaceId(),
    query: text('query').notNull(),
    maxResults: integer('max_results').notNull().default(20),
    kind: text('kind').$type<RankMapKindValue>().notNull(),
    status: text('status').$type<RankMapStatusValue>().notNull().default('pending'),
    progress: integer('progress').notNull().default(0),
    failureReason: text('failure_reason'),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    /** The ISO week of a weekly scan ('2026-W47'); unique per keyword, so a slot runs once. */
    weeklySlot: text('weekly_slot'),
    /** The campaign round it belongs to (docs/decisions.md §25.3); unique per keyword, so a round runs each keyword once. */
    campaignRoundId: uuid('campaign_round_id').references(() => campaignRounds.id, { onDelete: 'set null' }),
    billing: text('billing').$type<RankMapBilling>().notNull(),
    provider: text('provider').notNull(),
    grid: jsonb('grid').$type<RankMapGrid>().notNull(),
    target: jsonb('target').$type<RankMapTarget>().notNull(),
    totalPoints: integer('total_points').notNull(),
    failedPoints: integer('failed_points').notNull().default(0),
    creditsCharged: integer('credits_charged').notNull().default(0),
    creditsRefunded: integer('credits_refunded').notNull().default(0),
    /** What the rank-data vendor charged for this analysis, in USD (its own cost field, or the documented list price). */
    vendorCostUsd: doublePrecision('vendor_cost_usd').notNull().default(0),
    /** The vendor queue the points went through: live (one call per point) or standard (task_post, then collected). */
    vendorQueue: text('vendor_queue').$type<VendorQueue>(),
    /**
     * Set while the analysis waits for the vendor's standard queue (its tasks posted, no run
     * holding it): the poll job drives it, and the stale-scan sweeper leaves it alone.
     */
    vendorWaitSince: timestamp('vendor_wait_since', { withTimezone: true }),
    stats: jsonb('stats').$type<ScanStats>(),
    /** As computed when the analysis completed; older tables lack fields added since (read it through presentCompetitorAnalysis). */
    competitorAnalysis: jsonb('competitor_analysis').$type<StoredCompetitorAnalysis>(),
    /**
     * Whether its businesses' tallies (rank_map_businesses.tally) are counted: set with the
     * completion, or later by the first trend that needs them (an analysis completed by a
     * worker of an older release, still running while a new one migrated the database).
     */
    talliesCounted: boolean('tallies_counted').notNull().default(false),
    /** The queued job, so that deleting the analysis can cancel it. */
    jobId: uuid('job_id'),
    runToken: uuid('run_token'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    /** Runs started; past the limit the analysis fails instead of running again. */
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('rank_maps_keyword_weekly_slot_key').on(t.keywordId, t.weeklySlot),
    uniqueIndex('rank_maps_keyword_campaign_round_key').on(t.keywordId, t.campaignRoundId),
    index('rank_maps_campaign_round_idx').on(t.campaignRoundId),
    index('rank_maps_keyword_created_idx').on(t.keywordId, t.createdAt),
    index('rank_maps_status_heartbeat_idx').on(t.status, t.heartbeatAt),
    // The portfolio's next scheduled run and running state per keyword (docs/decisions.md §25.1).
    index('rank_maps_keyword_active_idx').on(t.keywordId, t.scheduledFor).where(sql`${t.status} in ('pending', 'processing')`),
  ],
);

/** A business in an analysis's results: what is the same at every point that lists it. */
export type StoredBusiness = Omit<MetricsResultItem, 'position' | 'isAd'>;
/** A business's found positions (1..20, its best at each point) over an analysis: PositionTally without N, which is the analysis's. */
export type BusinessTally = Omit<PositionTally, 'n'>;
/** One result at one point: the business's `ref` within the analysis, and its position there. */
export type ResultRef = [ref: number, position: number];

// Every business an analysis's results name, stored once per analysis rather than at each of
// the (up to 625) points where it appears: a 25×25 scan names ~200 businesses 13,000 times,
// and writing those copies was most of a fast scan's time. `ref` numbers them within the
// analysis; `key` is the provider's place id (or name and address when it gives none).
export const rankMapBusinesses = pgTable(
  'rank_map_businesses',
  {
    rankMapId: uuid('rank_map_id')
      .notNull()
      .references(() => rankMaps.id, { onDelete: 'cascade' }),
    ref: integer('ref').notNull(),
    key: text('key').notNull(),
    business: jsonb('business').$type<StoredBusiness>().notNull(),
    /**
     * Its organic positions over the analysis's valid points, counted when the analysis
     * completes (null before, and for a business only ever seen in ads): the trend reads a
     * followed competitor's figures here instead of every point of 52 analyses.
     */
    tally: jsonb('tally').$type<BusinessTally>(),
  },
  (t) => [primaryKey({ columns: [t.rankMapId, t.ref] }), uniqueIndex('rank_map_businesses_key').on(t.rankMapId, t.key)],
);

// The results of one grid point of an analysis (docs/product.md §3 rank result). The primary key
// makes storing a point twice impossible, so a resumed scan never duplicates one.
export const rankResults = pgTable(
  'rank_results',
  {
    rankMapId: uuid('rank_map_id')
      .notNull()
      .references(() => rankMaps.id, { onDelete: 'cascade' }),
    pointIndex: integer('point_index').notNull(),
    row: integer('row').notNull(),
    col: integer('col').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    status: text('status').$type<'ok' | 'failed'>().notNull(),
    /** The organic results here, in order: [ref in rank_map_businesses, position]. */
    organicRefs: jsonb('organic_refs').$type<ResultRef[]>().notNull().default([]),
    /** The ads here, the same way. */
    adRefs: jsonb('ad_refs').$type<ResultRef[]>().notNull().default([]),
    /** Our organic position here, 1..20, or null when not found (or failed). */
    position: integer('position'),
    error: text('error'),
    /** What the vendor charged for this point, every try included, in USD. */
    costUsd: doublePrecision('cost_usd').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.rankMapId, t.pointIndex] })],
);

export type { VendorTaskState };

// One grid point handed to the vendor's standard queue (docs/decisions.md §21.2). The row is
// committed before the POST that carries it, and its primary key makes posting a point twice
// impossible; `tag` (the analysis and point) is sent with the task, so that a task whose POST
// answer was lost is still recognised when the vendor lists it as ready.
export const vendorTasks = pgTable(
  'vendor_tasks',
  {
    rankMapId: uuid('rank_map_id')
      .notNull()
      .references(() => rankMaps.id, { onDelete: 'cascade' }),
    pointIndex: integer('point_index').notNull(),
    ...vendorTaskColumns(),
  },
  (t) => [primaryKey({ columns: [t.rankMapId, t.pointIndex] }), uniqueIndex('vendor_tasks_tag_key').on(t.tag), index('vendor_tasks_task_id_idx').on(t.taskId)],
);

// One row per analysis counted against a basic plan's monthly manual scans. No foreign key
// to rank_maps: deleting an analysis that ran does not give the scan back.
export const scanQuotaUses = pgTable(
  'scan_quota_uses',
  {
    rankMapId: uuid('rank_map_id').primaryKey(),
    userId: ownerWorkspaceId(),
    /** Calendar month in Europe/Madrid, 'YYYY-MM'. */
    month: text('month').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('scan_quota_uses_user_month_idx').on(t.userId, t.month)],
);

// The global rate limit of a maps-search provider: requests granted per fixed window,
// shared by every worker process through this row.
export const providerRateWindows = pgTable(
  'provider_rate_windows',
  {
    provider: text('provider').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    used: integer('used').notNull(),
    /** Tokens handed out by the latest grant, so the granting statement can return them. */
    lastGrant: integer('last_grant').notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.windowStart] })],
);
