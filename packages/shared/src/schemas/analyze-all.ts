import { z } from 'zod';

// «Analizar todas» (docs/workspace.md, docs/decisions.md §25.2): one analysis per keyword of a
// place, or of a selection from the portfolio, with the total cost shown before anything runs.

/** The most keywords one «Analizar» of a selection takes. */
export const ANALYZE_MANY_MAX_KEYWORDS = 200;

/** POST /api/rankmap/analyze-many(/preview): the chosen keywords, each once. */
export const analyzeManyRequestSchema = z.object({
  keywordIds: z
    .array(z.string('Keyword no encontrada.').max(100, 'Keyword no encontrada.'), 'Elige las keywords que quieres analizar.')
    .min(1, 'Elige al menos una keyword.')
    .max(ANALYZE_MANY_MAX_KEYWORDS, `Elige como mucho ${ANALYZE_MANY_MAX_KEYWORDS} keywords a la vez.`),
});
export type AnalyzeManyRequest = z.infer<typeof analyzeManyRequestSchema>;

/** credits: a pro plan pays 1 credit per valid point; scans: a basic plan spends one of the month's scans per analysis. */
export const analyzeBillingSchema = z.enum(['credits', 'scans']);
export type AnalyzeBilling = z.infer<typeof analyzeBillingSchema>;

export const analyzeAllKeywordSchema = z.object({
  keywordId: z.string(),
  name: z.string(),
  placeId: z.string(),
  placeName: z.string(),
  /** Valid grid points of the place: what one analysis searches (and costs in credits). */
  points: z.number().int(),
  /** What this keyword's analysis costs: its points in credits, or 1 scan; 0 when it is already running. */
  cost: z.number().int(),
  /** An analysis of this keyword is already pending or running: it is not started again. */
  running: z.boolean(),
});
export type AnalyzeAllKeyword = z.infer<typeof analyzeAllKeywordSchema>;

/** What «Analizar todas» would start and cost, and whether the balance (or the month's scans) covers it. */
export const analyzeAllPreviewSchema = z.object({
  billing: analyzeBillingSchema,
  keywords: z.array(analyzeAllKeywordSchema),
  /** Analyses that would start: the keywords not already running. */
  toStart: z.number().int(),
  alreadyRunning: z.number().int(),
  /** Total cost: credits (pro) or scans of the month (basic). */
  cost: z.number().int(),
  /** Credits in the balance, or scans left this month; null when the plan does not count them. */
  available: z.number().int().nullable(),
  /** What is missing to cover the cost (0 when it is covered). */
  missing: z.number().int(),
  enough: z.boolean(),
  /** Whether the confirmation would start anything: some keyword not running, every grid with points, the cost covered. */
  canStart: z.boolean(),
  /** Why it cannot start (or what to know before), in Spanish; null when it can. */
  message: z.string().nullable(),
});
export type AnalyzeAllPreview = z.infer<typeof analyzeAllPreviewSchema>;

export const analyzeAllStartedSchema = z.object({ keywordId: z.string(), rankMapId: z.string(), totalPoints: z.number().int() });

/** The analyses started (none when a double click found them already running), and what they cost. */
export const analyzeAllResultSchema = z.object({
  billing: analyzeBillingSchema,
  started: z.array(analyzeAllStartedSchema),
  alreadyRunning: z.number().int(),
  /** Credits taken now (pro), or scans counted (basic). */
  cost: z.number().int(),
  message: z.string(),
});
export type AnalyzeAllResult = z.infer<typeof analyzeAllResultSchema>;
