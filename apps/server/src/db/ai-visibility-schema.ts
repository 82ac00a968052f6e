import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AiMetrics, AiMetricsBusiness } from '@rankmaps/shared/ai-metrics';
import { type VendorTaskState, createdAt, updatedAt, uuidKey, vendorTaskColumns } from './columns';
import { campaignRounds } from './campaigns-schema';
import { ownerPlaceId } from './places-schema';
import { keywords } from './rankmaps-schema';
import type { RankMapGrid, RankMapTarget } from './rankmaps-schema';
import { ownerWorkspaceId } from './workspaces-schema';

// AI-visibility analyses (issue 30, docs/decisions.md §31.4): which AI answers name the
// business, asked from every grid point (or once for the city) by each engine, several times.
// Owned by the workspace and hung from a keyword exactly like rank_maps, with the same lease
// (run_token, heartbeat_at, attempts) for the job that runs it.

export type AiAnalysisStatus = 'pending' | 'processing' | 'completed' | 'failed';
export type AiAnalysisKind = 'manual' | 'scheduled' | 'campaign';

/** The business as the analysis keeps it: the map target plus what the AI matcher and the city-wide engines need. */
export interface AiAnalysisTarget extends RankMapTarget {
  /** Its web domain ('example.com'), for the matcher's domain rule; null when it has no website. */
  domain: string | null;
  /** The city city-wide engines are asked about (the place's locality, or its address's last part). */
  city: { name: string; countryCode: string };
}

/** One engine as the analysis asks it, kept so a later change of its price or scope changes neither its calls nor its refund. */
export interface AiEnginePlan {
  id: string;
  scope: 'point' | 'city';
  creditsPerCall: number;
  /** Points × samples for a point engine; samples for a city-wide one. */
  calls: number;
}

export const aiVisibilityAnalyses = pgTable(
  'ai_visibility_analyses',
  {
    id: uuidKey(),
    keywordId: uuid('keyword_id')
      .notNull()
      .references(() => keywords.id, { onDelete: 'cascade' }),
    placeId: ownerPlaceId(),
    userId: ownerWorkspaceId(),
    query: text('query').notNull(),
    /** The engines asked, in the catalogue's order, with their calls and credits per call. */
    engines: jsonb('engines').$type<AiEnginePlan[]>().notNull(),
    /** The grid as the analysis was created (3×3 to 9×9, odd), built like a map scan's snapshot. */
    grid: jsonb('grid').$type<RankMapGrid>().notNull(),
    target: jsonb('target').$type<AiAnalysisTarget>().notNull(),
    /** Samples asked per point (per city for city-wide engines), 1–5. */
    samples: integer('samples').notNull(),
    kind: text('kind').$type<AiAnalysisKind>().notNull(),
    /** The campaign round that queued it (a place's weekly scan or a custom campaign, docs/decisions.md §31.16); null for «Ahora». */
    campaignRoundId: uuid('campaign_round_id').references(() => campaignRounds.id, { onDelete: 'set null' }),
    /** Set while every call left is in the vendor's standard queue: no run holds it, the poll job collects (docs/decisions.md §31.16). */
    vendorWaitSince: timestamp('vendor_wait_since', { withTimezone: true }),
    status: text('status').$type<AiAnalysisStatus>().notNull().default('pending'),
    /** Answers stored (ok or failed) / calls planned, in %. */
    progress: integer('progress').notNull().default(0),
    failureReason: text('failure_reason'),
    /** Calls planned: Σ over engines of (points or 1) × samples. */
    totalCalls: integer('total_calls').notNull(),
    failedCalls: integer('failed_calls').notNull().default(0),
    /** Credits taken when queued (Σ calls × the engine's credits per call). */
    creditsReserved: integer('credits_reserved').notNull().default(0),
    /** Credits given back for failed calls (or all of them when the analysis fails), once, at settlement. */
    creditsRefunded: integer('credits_refunded').notNull().default(0),
    /** What it finally cost: reserved − refunded, set at settlement. */
    creditsCharged: integer('credits_charged').notNull().default(0),
    /** What the vendors charged, every try included, in USD. */
    vendorCostUsd: doublePrecision('vendor_cost_usd').notNull().default(0),
    /** The figures as computed at completion (docs/metrics.md §12). */
    metrics: jsonb('metrics').$type<AiMetrics>(),
    jobId: uuid('job_id'),
    runToken: uuid('run_token'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('ai_visibility_analyses_keyword_created_idx').on(t.keywordId, t.createdAt),
    index('ai_visibility_analyses_status_heartbeat_idx').on(t.status, t.heartbeatAt),
    index('ai_visibility_analyses_user_idx').on(t.userId),
    // One AI analysis per keyword and campaign round, whatever the workers and restarts (docs/decisions.md §31.16).
    uniqueIndex('ai_visibility_analyses_round_key').on(t.keywordId, t.campaignRoundId),
  ],
);

export type AiAnswerStatus = 'ok' | 'failed';
/** Which matcher rule named the business (providers/ai-answers/match-business.ts). */
export type AiMatchRule = 'place_id' | 'cid' | 'domain' | 'name';

/** A named business as stored: the engine's fields plus the key the competitor table groups by. */
export interface StoredAiBusiness extends AiMetricsBusiness {
  placeId: string | null;
  cid: string | null;
  domain: string | null;
}

export interface StoredAiSource {
  url: string;
  title: string | null;
  domain: string;
}

// One engine's answer at one point and sample. The unique key is what makes a re-run (a retried
// job, a crashed worker's successor) skip what is stored: an answer is never written twice, and
// its credits were reserved once with the analysis.
export const aiVisibilityAnswers = pgTable(
  'ai_visibility_answers',
  {
    analysisId: uuid('analysis_id')
      .notNull()
      .references(() => aiVisibilityAnalyses.id, { onDelete: 'cascade' }),
    engine: text('engine').notNull(),
    /** The grid point's index, or -1 for a city-wide engine's answer. */
    pointIndex: integer('point_index').notNull(),
    sample: integer('sample').notNull(),
    status: text('status').$type<AiAnswerStatus>().notNull(),
    /** Which implementation answered: 'demo' answers are «Datos de demostración». */
    provider: text('provider').notNull(),
    named: boolean('named').notNull().default(false),
    matchRule: text('match_rule').$type<AiMatchRule>(),
    position: integer('position'),
    businesses: jsonb('businesses').$type<StoredAiBusiness[]>().notNull().default([]),
    sources: jsonb('sources').$type<StoredAiSource[]>().notNull().default([]),
    answerText: text('answer_text').notNull().default(''),
    /** Every try's vendor cost, in USD. */
    costUsd: doublePrecision('cost_usd').notNull().default(0),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ai_visibility_answers_key').on(t.analysisId, t.engine, t.pointIndex, t.sample),
    index('ai_visibility_answers_failed_idx').on(t.analysisId).where(sql`${t.status} = 'failed'`),
  ],
);

/** The states of an AI call's task: the map points' own. */
export type AiVendorTaskState = VendorTaskState;

// One call handed to an engine's standard queue (docs/decisions.md §31.16), as vendor_tasks is for
// map points (docs/decisions.md §21.2): the row is committed before its POST, so a call is never
// posted twice; its tag is the call's own (`ai:<analysis>:<engine>:<point>:<sample>`), so a task
// whose POST answer was lost is found by it.
export const aiVendorTasks = pgTable(
  'ai_vendor_tasks',
  {
    analysisId: uuid('analysis_id')
      .notNull()
      .references(() => aiVisibilityAnalyses.id, { onDelete: 'cascade' }),
    engine: text('engine').notNull(),
    pointIndex: integer('point_index').notNull(),
    sample: integer('sample').notNull(),
    ...vendorTaskColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.analysisId, t.engine, t.pointIndex, t.sample] }),
    uniqueIndex('ai_vendor_tasks_tag_key').on(t.tag),
    index('ai_vendor_tasks_task_id_idx').on(t.taskId),
  ],
);
