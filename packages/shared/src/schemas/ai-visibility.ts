import { z } from 'zod';
import { v } from '../messages';

// AI-visibility analyses through the API (issue 30, docs/api.md «Visibilidad en IA»).

export const AI_ENGINE_ID_VALUES = ['google-ai-mode', 'google-ai-overview', 'chatgpt', 'gemini-maps'] as const;
export const AI_GRID_SIZES = [3, 5, 7, 9] as const;
export const AI_DEFAULT_GRID_SIZE = 5;
export const AI_MIN_SAMPLES = 1;
export const AI_MAX_SAMPLES = 5;
export const AI_DEFAULT_SAMPLES = 3;

// ---- Requests ----

/** POST /api/ai-visibility/keyword/:keywordId/scan: the engines, the grid and the samples; dryRun only quotes. */
export const aiScanRequestSchema = z.object(
  {
    engines: z
      .array(z.enum(AI_ENGINE_ID_VALUES, v('aiEngineUnknown')), v('aiEnginesRequired'))
      .min(1, v('aiEnginesRequired'))
      .max(AI_ENGINE_ID_VALUES.length, v('aiEnginesRepeated'))
      .refine((list) => new Set(list).size === list.length, v('aiEnginesRepeated')),
    gridSize: z
      .number(v('aiGridSizeInvalid'))
      .int(v('aiGridSizeInvalid'))
      .refine((n) => (AI_GRID_SIZES as readonly number[]).includes(n), v('aiGridSizeInvalid'))
      .default(AI_DEFAULT_GRID_SIZE),
    samples: z.number(v('aiSamplesInvalid')).int(v('aiSamplesInvalid')).min(AI_MIN_SAMPLES, v('aiSamplesInvalid')).max(AI_MAX_SAMPLES, v('aiSamplesInvalid')).default(AI_DEFAULT_SAMPLES),
    dryRun: z.boolean(v('aiDryRunInvalid')).optional(),
  },
  v('aiScanBodyInvalid'),
);
export type AiScanRequest = z.infer<typeof aiScanRequestSchema>;

export const aiAnalysisIdParamsSchema = z.object({ id: z.string().max(100, 'Análisis de IA no encontrado.') });
export const aiCompareParamsSchema = z.object({ id: z.string().max(100, 'Análisis de IA no encontrado.'), otherAnalysisId: z.string().max(100, 'Análisis de IA no encontrado.') });

const historyLimit = 'limit debe ser un número entero entre 1 y 100.';
/** GET /api/ai-visibility/keyword/:keywordId: a page of the history, newest first. */
export const aiHistoryQuerySchema = z.object({
  cursor: z.string().max(200, 'El cursor no es válido: usa el valor de nextCursor de la página anterior.').optional(),
  limit: z.coerce.number(historyLimit).int(historyLimit).min(1, historyLimit).max(100, historyLimit).default(20),
});

// ---- Answers ----

const engineId = z.enum(AI_ENGINE_ID_VALUES);

export const aiEngineItemSchema = z.object({
  id: engineId,
  label: z.string(),
  available: z.boolean(),
  /** Why it cannot run here, in Spanish; null when it can. */
  reason: z.string().nullable(),
  creditsPerCall: z.number().int(),
  scope: z.enum(['point', 'city']),
  freeCallsPerDay: z.number().int().nullable(),
  /** Answered by the demo engine: its figures are «Datos de demostración». */
  demo: z.boolean(),
});
export const aiEnginesResponseSchema = z.object({ engines: z.array(aiEngineItemSchema) });
export type AiEnginesResponse = z.infer<typeof aiEnginesResponseSchema>;

export const aiQuoteResponseSchema = z.object({
  dryRun: z.literal(true),
  gridSize: z.number().int(),
  samples: z.number().int(),
  /** Valid grid points (a point on the sea is not asked). */
  points: z.number().int(),
  engines: z.array(z.object({ id: engineId, label: z.string(), scope: z.enum(['point', 'city']), calls: z.number().int(), creditsPerCall: z.number().int(), credits: z.number().int() })),
  totalCalls: z.number().int(),
  totalCredits: z.number().int(),
  /** At the current credit price (the credit package's), in euros. */
  euros: z.number(),
  /** The workspace's credits now. */
  balance: z.number().int(),
  enough: z.boolean(),
  /** In Spanish, when the calls would go past an engine's free daily allowance (Gemini); null otherwise. */
  freeQuotaWarning: z.string().nullable(),
});
export type AiQuoteResponse = z.infer<typeof aiQuoteResponseSchema>;

export const aiCreatedResponseSchema = z.object({ id: z.string(), status: z.enum(['pending', 'processing', 'completed', 'failed']), creditsReserved: z.number().int(), creditsCharged: z.number().int() });
export type AiCreatedResponse = z.infer<typeof aiCreatedResponseSchema>;

/** A figure with its 95 % interval (docs/metrics.md §12); all null when nothing could be measured. */
export const aiEstimateSchema = z.object({ value: z.number().nullable(), low: z.number().nullable(), high: z.number().nullable(), k: z.number().int(), n: z.number().int() });

export const aiFiguresSchema = z.object({
  shareOfVoice: aiEstimateSchema,
  mentionedIn: aiEstimateSchema,
  avgPosition: aiEstimateSchema,
  answers: z.object({ ok: z.number().int(), failed: z.number().int(), namingAny: z.number().int(), naming: z.number().int() }),
});

export const aiCompetitorSchema = z.object({ key: z.string(), name: z.string(), isTarget: z.boolean(), share: aiEstimateSchema, avgPosition: z.number().nullable() });
export const aiPointShareSchema = z.object({ point: z.number().int(), share: aiEstimateSchema, mentioned: z.boolean(), wide: z.boolean() });

const status = z.enum(['pending', 'processing', 'completed', 'failed']);

export const aiAnalysisSummarySchema = z.object({
  id: z.string(),
  keywordId: z.string(),
  placeId: z.string(),
  query: z.string(),
  kind: z.enum(['manual', 'scheduled', 'campaign']),
  /** The campaign whose round queued it (docs/decisions.md §31.16): its name, or null for «Ahora» and a place's weekly scan («Programado»). */
  campaignName: z.string().nullable(),
  status,
  progress: z.number().int(),
  failureReason: z.string().nullable(),
  engines: z.array(z.object({ id: engineId, label: z.string(), scope: z.enum(['point', 'city']), calls: z.number().int(), creditsPerCall: z.number().int() })),
  gridSize: z.number().int(),
  samples: z.number().int(),
  totalCalls: z.number().int(),
  failedCalls: z.number().int(),
  creditsReserved: z.number().int(),
  creditsRefunded: z.number().int(),
  creditsCharged: z.number().int(),
  /** The overall «Cuota de voz en IA» once completed. */
  shareOfVoice: aiEstimateSchema.nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type AiAnalysisSummary = z.infer<typeof aiAnalysisSummarySchema>;

export const aiHistoryResponseSchema = z.object({ data: z.array(aiAnalysisSummarySchema), nextCursor: z.string().nullable() });

export const aiGridPointSchema = z.object({ index: z.number().int(), row: z.number().int(), col: z.number().int(), lat: z.number(), lng: z.number() });

export const aiAnalysisResponseSchema = aiAnalysisSummarySchema.extend({
  /** Some answer came from the demo engine: «Datos de demostración». */
  demo: z.boolean(),
  demoLabel: z.string().nullable(),
  grid: z.object({ gridSize: z.number().int(), radius: z.number(), center: z.object({ lat: z.number(), lng: z.number() }), points: z.array(aiGridPointSchema) }),
  metrics: z
    .object({
      overall: aiFiguresSchema,
      engines: z.record(z.string(), aiFiguresSchema),
      competitors: z.array(aiCompetitorSchema),
      points: z.array(aiPointShareSchema),
      enginePoints: z.record(z.string(), z.array(aiPointShareSchema)),
    })
    .nullable(),
});
export type AiAnalysisResponse = z.infer<typeof aiAnalysisResponseSchema>;

export const aiAnswerItemSchema = z.object({
  engine: engineId,
  /** The grid point, or -1 for a city-wide engine. */
  point: z.number().int(),
  sample: z.number().int(),
  status: z.enum(['ok', 'failed']),
  provider: z.string(),
  named: z.boolean(),
  rule: z.enum(['place_id', 'cid', 'domain', 'name']).nullable(),
  position: z.number().int().nullable(),
  text: z.string(),
  businesses: z.array(z.object({ position: z.number().int(), name: z.string(), placeId: z.string().nullable(), cid: z.string().nullable(), domain: z.string().nullable(), key: z.string(), isTarget: z.boolean() })),
  sources: z.array(z.object({ url: z.string(), title: z.string().nullable(), domain: z.string() })),
  error: z.string().nullable(),
});
export const aiPointsResponseSchema = z.object({
  points: z.array(z.object({ point: z.number().int(), lat: z.number().nullable(), lng: z.number().nullable(), answers: z.array(aiAnswerItemSchema) })),
});
export type AiPointsResponse = z.infer<typeof aiPointsResponseSchema>;

const aiChangeSchema = z.object({ before: aiEstimateSchema, after: aiEstimateSchema, change: z.number().nullable(), beyondNoise: z.boolean() });
const aiFiguresChangeSchema = z.object({ shareOfVoice: aiChangeSchema, mentionedIn: aiChangeSchema, avgPosition: aiChangeSchema });
export const aiCompareResponseSchema = z.object({
  id: z.string(),
  otherId: z.string(),
  /** How «beyond the noise» is decided (docs/metrics.md §12). */
  rule: z.literal('intervals-do-not-overlap'),
  overall: aiFiguresChangeSchema,
  engines: z.record(z.string(), aiFiguresChangeSchema),
});
export type AiCompareResponse = z.infer<typeof aiCompareResponseSchema>;

/** POST …/scan answers the quote (200, dryRun) or the new analysis (201). */
export const aiScanResponseSchema = z.union([aiQuoteResponseSchema, aiCreatedResponseSchema]);
