import { z } from 'zod';
import { type ValidationKey, v } from '../messages';
import type { CompetitorAnalysis, ScanStats } from '../metrics';

// ---- Requests (docs/product.md §7 /rankmap calls, docs/product.md §5 scheduled analysis) ----

/** A scheduled analysis may be at most this far ahead (docs/product.md §9: 360 hours). */
export const MAX_SCHEDULE_AHEAD_MS = 15 * 24 * 3600 * 1000;
/** Results per point: the providers return up to 20 (docs/product.md §9, maxResults 20). */
export const MAX_RESULTS_PER_POINT = 20;

/**
 * What is wrong with a scheduled date, or null when it is fine: required, a readable
 * ISO date, in the future and at most 15 days ahead. The form and the server share it.
 */
export function scheduledForIssue(value: string | null | undefined, now: Date = new Date()): ValidationKey | null {
  if (value === undefined || value === null || value.trim() === '') return 'scheduledForRequired';
  const at = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value.trim()) ? Date.parse(value.trim()) : Number.NaN;
  if (!Number.isFinite(at)) return 'scheduledForInvalid';
  if (at <= now.getTime()) return 'scheduledForPast';
  if (at > now.getTime() + MAX_SCHEDULE_AHEAD_MS) return 'scheduledForTooFar';
  return null;
}

const analyzeFields = {
  /** The search text; the keyword's name when absent. */
  query: z.string(v('analysisQueryTooLong')).trim().max(100, v('analysisQueryTooLong')).optional(),
  maxResults: z
    .number(v('analysisMaxResultsInvalid'))
    .int(v('analysisMaxResultsInvalid'))
    .min(1, v('analysisMaxResultsInvalid'))
    .max(MAX_RESULTS_PER_POINT, v('analysisMaxResultsInvalid'))
    .optional(),
  /** Accepted for the seed's payload (it sends 0); the grid's radius is the place's matrix. */
  radius: z.number(v('analysisRadiusInvalid')).min(0, v('analysisRadiusInvalid')).max(50_000, v('analysisRadiusInvalid')).optional(),
};

/** POST /api/rankmap/keyword/:keywordId/analyze: an analysis now. The body may be absent. */
export const analyzeRequestSchema = z.object(analyzeFields).nullish();
export type AnalyzeRequest = z.infer<typeof analyzeRequestSchema>;

/**
 * POST /api/rankmap/keyword/:keywordId/analyze-advanced. Without scheduledFor the analysis
 * is queued now (useWorker true); with scheduledFor it runs then. A scheduledFor that is
 * null or empty means "scheduled, but no date chosen" and gets the spec's message.
 */
export const analyzeAdvancedRequestSchema = z
  .object({
    ...analyzeFields,
    useWorker: z.boolean('useWorker debe ser true o false.').optional(),
    scheduledFor: z.string(v('scheduledForInvalid')).max(64, v('scheduledForInvalid')).nullish(),
  })
  .superRefine((body, ctx) => {
    if (body.scheduledFor === undefined) return;
    const issue = scheduledForIssue(body.scheduledFor);
    if (issue) ctx.addIssue({ code: 'custom', path: ['scheduledFor'], message: v(issue) });
  })
  .nullish();
export type AnalyzeAdvancedRequest = z.infer<typeof analyzeAdvancedRequestSchema>;

export const rankMapStatusSchema = z.enum(['pending', 'processing', 'completed', 'failed']);
export type RankMapStatus = z.infer<typeof rankMapStatusSchema>;
/** manual: run now; scheduled: a one-off at a chosen time; weekly: the place's automatic scan. */
export const rankMapKindSchema = z.enum(['manual', 'scheduled', 'weekly', 'campaign']);
export type RankMapKind = z.infer<typeof rankMapKindSchema>;

export const analyzeResponseSchema = z.object({
  rankMapId: z.string(),
  status: rankMapStatusSchema,
  kind: rankMapKindSchema,
  scheduledFor: z.string().nullable(),
  /** Valid grid points the analysis searches from (1 credit each on pro plans). */
  totalPoints: z.number().int(),
  /** Credits taken now: the points for a pro analysis run now, 0 otherwise (scheduled ones pay when they start). */
  creditsCharged: z.number().int(),
});
export type AnalyzeResponse = z.infer<typeof analyzeResponseSchema>;

export const keywordIdParamsSchema = z.object({ keywordId: z.string().max(100, 'Keyword no encontrada.') });
export const rankMapIdParamsSchema = z.object({ id: z.string().max(100, 'Análisis no encontrado.') });

// ---- Metrics (docs/decisions.md §3; computed by packages/shared/src/metrics.ts) ----

const positionDistributionSchema = z.object({ top3: z.number().int(), top10: z.number().int(), top20: z.number().int(), notFound: z.number().int() });

export const scanStatsSchema = z.object({
  totalPoints: z.number().int(),
  foundPoints: z.number().int(),
  avgPosition: z.number().nullable(),
  avgTotalPosition: z.number(),
  localPackPercentage: z.number(),
  foundPercentage: z.number(),
  visibilityIndex: z.number(),
  geoRank: z.number(),
  positionDistribution: positionDistributionSchema,
});

const locationSchema = z.object({ latitude: z.number(), longitude: z.number() });

export const competitorSchema = z.object({
  placeId: z.string(),
  name: z.string(),
  location: locationSchema.nullable(),
  rating: z.number().nullable(),
  userRatingCount: z.number(),
  address: z.string(),
  avgPosition: z.number(),
  /** Over all N points, not found = 21 ("Posición media total"); null for a row stored before it was published that the stored figures cannot give. */
  avgTotalPosition: z.number().nullable(),
  appearances: z.number().int(),
  localPackPercentage: z.number(),
  visibilityIndex: z.number(),
  compositeScore: z.number(),
  isOurBusiness: z.boolean(),
  isAd: z.boolean(),
  adShare: z.number(),
  categories: z.array(z.string()),
});

export const competitorAnalysisSchema = z.object({
  competitors: z.array(competitorSchema),
  totalPoints: z.number().int(),
  ourRank: z.number().int().nullable(),
  positionDistribution: positionDistributionSchema,
  avgRating: z.number().nullable(),
  avgReviews: z.number().nullable(),
  visibilityIndex: z.number(),
  ads: z.array(z.object({ placeId: z.string(), name: z.string(), share: z.number(), appearances: z.number().int(), isOurBusiness: z.boolean() })),
  totalCompetitors: z.number().int(),
});

// The schemas above must describe exactly what the metrics return: these fail to compile otherwise.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const statsMatch: Same<z.infer<typeof scanStatsSchema>, ScanStats> = true;
const competitorsMatch: Same<z.infer<typeof competitorAnalysisSchema>, CompetitorAnalysis> = true;
void statsMatch;
void competitorsMatch;

// ---- Responses ----

/** One analysis in a keyword's timeline (docs/product.md §3 RankMap, docs/product.md §4 analysis status). */
export const rankMapSummarySchema = z.object({
  _id: z.string(),
  id: z.string(),
  keywordId: z.string(),
  placeId: z.string(),
  kind: rankMapKindSchema,
  status: rankMapStatusSchema,
  progress: z.number().int(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  /** When a scheduled or weekly analysis is due to run; null for one run now. */
  scheduledFor: z.string().nullable(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** Valid points searched (N). */
  totalPoints: z.number().int(),
  failedPoints: z.number().int(),
  creditsCharged: z.number().int(),
  creditsRefunded: z.number().int(),
  /** 'demo' | 'dataforseo' | 'google-places'. */
  provider: z.string(),
  /** Demo data: the interface labels it 'Datos de demostración'. */
  isDemo: z.boolean(),
  stats: scanStatsSchema.nullable(),
  /** True only for the next round's entry derived from the schedules; it has no results and cannot be deleted. */
  virtual: z.boolean(),
  /** The next round's entry of a custom campaign: the campaign's name (docs/decisions.md §25.5). */
  campaignName: z.string().optional(),
});
export type RankMapSummary = z.infer<typeof rankMapSummarySchema>;
export const rankMapListResponseSchema = z.array(rankMapSummarySchema);

/** One analysis with what it was run on. */
export const rankMapDetailSchema = rankMapSummarySchema.extend({
  keyword: z.string(),
  query: z.string(),
  grid: z.object({ gridSize: z.number().int(), radius: z.number(), center: z.object({ lat: z.number(), lng: z.number() }) }),
  /**
   * What the rank-data vendor charged for the analysis, in USD, and the queue it went through
   * (null before it ran). For operators: the interface shows credits (docs/decisions.md §21).
   */
  vendorCost: z.object({ usd: z.number(), queue: z.enum(['live', 'standard']).nullable() }),
});
export type RankMapDetail = z.infer<typeof rankMapDetailSchema>;

/** One business in the results of one point. Ads come first, then the organic results. */
export const googleResultSchema = z.object({
  /** 1-based among organic results; ads have their own order. */
  position: z.number().int(),
  name: z.string(),
  address: z.string(),
  rating: z.number().nullable(),
  userRatingCount: z.number(),
  isAd: z.boolean(),
  placeId: z.string().nullable(),
  location: locationSchema.nullable(),
  categories: z.array(z.string()),
});
export type GoogleResult = z.infer<typeof googleResultSchema>;

/** One grid point (docs/product.md §3 rank result). A failed point is not "not found": it has no results. */
export const rankResultSchema = z.object({
  coordinates: z.object({ lat: z.number(), lng: z.number() }),
  row: z.number().int(),
  col: z.number().int(),
  status: z.enum(['ok', 'failed']),
  googleResults: z.array(googleResultSchema),
  businessAnalysis: z.object({ found: z.boolean(), position: z.number().int().nullable() }),
});
export type RankResult = z.infer<typeof rankResultSchema>;

/** GET /api/rankmap/:id. competitorAnalysis is null until the analysis completes. */
export const rankMapResponseSchema = z.object({
  rankMap: rankMapDetailSchema,
  results: z.array(rankResultSchema),
  competitorAnalysis: competitorAnalysisSchema.nullable(),
});
export type RankMapResponse = z.infer<typeof rankMapResponseSchema>;

/** GET /api/rankmap/:id/status, polled every 2 s while an analysis runs. */
export const rankMapStatusResponseSchema = z.object({
  status: rankMapStatusSchema,
  progress: z.number().int(),
  failureReason: z.string().nullable(),
  /** While the points wait in the vendor's standard queue (docs/decisions.md §21.2): how many have come back. */
  waitingVendor: z.object({ received: z.number().int(), total: z.number().int() }).nullable(),
});
export type RankMapStatusResponse = z.infer<typeof rankMapStatusResponseSchema>;

/**
 * GET /api/rankmap/scan-quota: the manual scans of this calendar month (Europe/Madrid) a
 * basic-type plan gives and how many are left (docs/decisions.md §22). `limit` and `remaining`
 * are null when the plan counts no scans: pro plans pay with credits, and without a plan there
 * are no analyses. Scheduled analyses count in the month they are asked for.
 */
export const scanQuotaResponseSchema = z.object({
  /** 'YYYY-MM' in Europe/Madrid. */
  month: z.string(),
  /** When the next month starts in Europe/Madrid, ISO 8601. */
  resetsAt: z.string(),
  limit: z.number().int().nullable(),
  used: z.number().int(),
  remaining: z.number().int().nullable(),
});
export type ScanQuotaResponse = z.infer<typeof scanQuotaResponseSchema>;
