import { z } from 'zod';
import { AI_ENGINE_ID_VALUES, aiScanRequestSchema } from './ai-visibility';

// Campaigns (issue 18, docs/decisions.md §25.3): places × keywords run on a frequency, at a day
// and hour, optionally inside a time window, on each place's wall clock.

export const CAMPAIGN_FREQUENCIES = ['once', 'daily', 'weekly', 'biweekly', 'monthly'] as const;
export type CampaignFrequency = (typeof CAMPAIGN_FREQUENCIES)[number];
export const CAMPAIGN_NAME_MAX = 80;
/** Keywords one campaign may hold: a round of this size still queues in one scheduler tick. */
export const CAMPAIGN_KEYWORDS_MAX = 500;
/** Campaigns one user may have, besides the weekly scan of each place. */
export const CAMPAIGNS_MAX = 50;
/** A monthly campaign runs on day 1 to 28, so every month has its day. */
export const MONTH_DAY_MAX = 28;
/** How far ahead the campaign forecast looks. */
export const CAMPAIGN_FORECAST_DAYS = 30;
export const CAMPAIGN_NOT_FOUND = 'Campaña no encontrada.';

export const FREQUENCY_LABELS: Record<CampaignFrequency, string> = {
  once: 'Una vez',
  daily: 'Cada día',
  weekly: 'Cada semana',
  biweekly: 'Cada dos semanas',
  monthly: 'Cada mes',
};

const NAME_MISSING = 'Escribe el nombre de la campaña.';
const hourSchema = z.number('Indica la hora (0 a 23).').int('Indica la hora (0 a 23).').min(0, 'Indica la hora (0 a 23).').max(23, 'Indica la hora (0 a 23).');
const windowHourSchema = z.number('Indica la ventana en horas (0 a 24).').int('Indica la ventana en horas (0 a 24).').min(0, 'Indica la ventana en horas (0 a 24).').max(24, 'Indica la ventana en horas (0 a 24).');

/**
 * AI visibility in every round (docs/decisions.md §31.16): one AI analysis per keyword with these
 * engines, grid and samples, on the engines' standard queue where they have one. Null: off.
 */
export const campaignAiSchema = aiScanRequestSchema.pick({ engines: true, gridSize: true, samples: true }).strict();
export type CampaignAi = z.output<typeof campaignAiSchema>;

/** The editor's fields; the rules between them (a day for weekly, a date for once…) are checked by campaignRules. */
export const campaignRequestSchema = z
  .object(
    {
      name: z
        .string(NAME_MISSING)
        .trim()
        .min(1, NAME_MISSING)
        .max(CAMPAIGN_NAME_MAX, `El nombre de la campaña no puede superar los ${CAMPAIGN_NAME_MAX} caracteres.`)
        .refine((s) => ![...s].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127), 'El nombre de la campaña no puede llevar caracteres de control.'),
      frequency: z.enum(CAMPAIGN_FREQUENCIES, 'Elige la frecuencia: una vez, cada día, cada semana, cada dos semanas o cada mes.'),
      /** Weekly and every two weeks: 0 (Sunday) to 6. Monthly: 1 to 28. Otherwise null. */
      day: z.number('El día no es válido.').int('El día no es válido.').nullable().optional().default(null),
      /** Once: the local date it runs on, YYYY-MM-DD. */
      date: z
        .string('La fecha no es válida.')
        .regex(/^\d{4}-\d{2}-\d{2}$/, 'La fecha no es válida: usa AAAA-MM-DD.')
        .nullable()
        .optional()
        .default(null),
      hour: hourSchema,
      /** Optional: the runs happen between these hours of the place's clock (start < end). */
      window: z
        .object({ start: windowHourSchema, end: windowHourSchema }, 'La ventana horaria no es válida.')
        .strict()
        .nullable()
        .optional()
        .default(null),
      keywordIds: z
        .array(z.string('Las keywords no son válidas.').max(100, 'Las keywords no son válidas.'), 'Elige al menos una keyword.')
        .min(1, 'Elige al menos una keyword.')
        .max(CAMPAIGN_KEYWORDS_MAX, `Una campaña puede tener como máximo ${CAMPAIGN_KEYWORDS_MAX} keywords.`),
      /** AI visibility in each round, or null (off). */
      ai: campaignAiSchema.nullable().optional().default(null),
    },
    'Faltan los datos de la campaña.',
  )
  .strict();
export type CampaignRequest = z.input<typeof campaignRequestSchema>;
export type CampaignFields = z.output<typeof campaignRequestSchema>;

/** The rules between fields, in Spanish; null when they hold. */
export function campaignRuleError(c: Pick<CampaignFields, 'frequency' | 'day' | 'date' | 'hour' | 'window'>): string | null {
  if (c.frequency === 'weekly' || c.frequency === 'biweekly') {
    if (c.day === null || c.day < 0 || c.day > 6) return 'Elige el día de la semana.';
  } else if (c.frequency === 'monthly') {
    if (c.day === null || c.day < 1 || c.day > MONTH_DAY_MAX) return `Elige el día del mes, del 1 al ${MONTH_DAY_MAX}.`;
  } else if (c.day !== null) return 'Esta frecuencia no lleva día.';
  if (c.frequency === 'once') {
    if (c.date === null || Number.isNaN(Date.parse(`${c.date}T00:00:00Z`)) || new Date(`${c.date}T00:00:00Z`).toISOString().slice(0, 10) !== c.date) return 'Indica la fecha en la que se ejecuta.';
  } else if (c.date !== null) return 'Solo las campañas de una vez llevan fecha.';
  if (c.window) {
    if (c.window.start >= c.window.end) return 'La ventana horaria debe empezar antes de terminar.';
    if (c.hour < c.window.start || c.hour >= c.window.end) return 'La hora de inicio debe estar dentro de la ventana horaria.';
  }
  return null;
}

export const campaignIdParamsSchema = z.object({ id: z.string().max(100, CAMPAIGN_NOT_FOUND) });

export const campaignRoundSchema = z.object({
  id: z.string(),
  /** The slot it ran for: '2026-11-27' (daily), '2026-W48' (weekly), '2026-11' (monthly)… */
  slot: z.string(),
  scheduledFor: z.string(),
  status: z.enum(['running', 'completed', 'partial', 'failed']),
  analyses: z.number().int(),
  completed: z.number().int(),
  failed: z.number().int(),
  /** Credits charged so far, net of refunds. */
  credits: z.number().int(),
});
export type CampaignRound = z.infer<typeof campaignRoundSchema>;

export const campaignSchema = z.object({
  id: z.string(),
  /** 'place': a place's weekly scan (its card and modal edit it); 'custom': made in the editor. */
  kind: z.enum(['place', 'custom']),
  name: z.string(),
  frequency: z.enum(CAMPAIGN_FREQUENCIES),
  day: z.number().int().nullable(),
  date: z.string().nullable(),
  hour: z.number().int(),
  window: z.object({ start: z.number().int(), end: z.number().int() }).nullable(),
  state: z.enum(['active', 'paused', 'done']),
  /** Why it is paused, in Spanish, when it is. */
  pausedReason: z.string().nullable(),
  pausedAt: z.string().nullable(),
  places: z.array(z.object({ id: z.string(), name: z.string(), timeZone: z.string(), keywords: z.number().int() })),
  keywordIds: z.array(z.string()),
  /** Analyses and credits of one round (1 credit per valid grid point). */
  roundAnalyses: z.number().int(),
  roundCredits: z.number().int(),
  /** AI visibility in each round (docs/decisions.md §31.16), or null when off. */
  ai: z.object({ engines: z.array(z.enum(AI_ENGINE_ID_VALUES)), gridSize: z.number().int(), samples: z.number().int() }).nullable(),
  /** Credits the round's AI analyses reserve (one per keyword); 0 when AI is off. */
  roundAiCredits: z.number().int(),
  nextRun: z.string().nullable(),
  lastRound: campaignRoundSchema.nullable(),
  createdAt: z.string(),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignListSchema = z.object({ campaigns: z.array(campaignSchema) });
export type CampaignList = z.infer<typeof campaignListSchema>;

export const campaignDetailSchema = campaignSchema.extend({ rounds: z.array(campaignRoundSchema) });
export type CampaignDetail = z.infer<typeof campaignDetailSchema>;

// ── The 30-day forecast ─────────────────────────────────────────────────────

export const forecastLineSchema = z.object({ id: z.string(), name: z.string(), runs: z.number().int(), credits: z.number().int() });
export type ForecastLine = z.infer<typeof forecastLineSchema>;

export const campaignForecastSchema = z.object({
  /** Only pro plans pay credits for scheduled work; the others get an empty forecast. */
  billing: z.enum(['credits', 'plan', 'none']),
  days: z.number().int(),
  available: z.number().int(),
  /** The next monthly grant of the subscription, if it comes within the forecast. */
  nextGrant: z.object({ at: z.string(), credits: z.number().int() }).nullable(),
  needed: z.number().int(),
  /** needed − (available + grants in the period), 0 when enough. */
  shortfall: z.number().int(),
  /** When the balance runs out (the first run it cannot pay), or null. */
  runsOutAt: z.string().nullable(),
  byCampaign: z.array(forecastLineSchema),
  byPlace: z.array(forecastLineSchema),
});
export type CampaignForecast = z.infer<typeof campaignForecastSchema>;

/** POST /api/campaigns/preview: the editor's fields (and the campaign being edited), before saving. */
export const campaignPreviewRequestSchema = z.object({ id: z.string().max(100, CAMPAIGN_NOT_FOUND).nullable().optional().default(null), campaign: campaignRequestSchema }, 'Faltan los datos de la campaña.').strict();
/**
 * The draft's keywords another running campaign (a place's weekly scan included) already scans on
 * the same day, in the forecast's 30 days: the runs and credits paid twice (docs/decisions.md §25.5).
 */
export const campaignOverlapSchema = z.object({
  keywords: z.array(
    z.object({
      keywordId: z.string(),
      keywordName: z.string(),
      placeName: z.string(),
      /** The other campaigns that scan it the same day («Escaneo semanal · <negocio>» for a weekly scan). */
      campaigns: z.array(z.string()),
      /** Days in the 30 it would be scanned twice. */
      runs: z.number().int(),
      /** The credits of those second scans. */
      credits: z.number().int(),
    }),
  ),
  credits: z.number().int(),
});
export type CampaignOverlap = z.infer<typeof campaignOverlapSchema>;

export const campaignPreviewSchema = z.object({
  roundAnalyses: z.number().int(),
  roundCredits: z.number().int(),
  /** Credits the round's AI analyses reserve (docs/decisions.md §31.16); 0 when AI is off. */
  roundAiCredits: z.number().int(),
  /** Minutes one round needs at the provider's rate limit. */
  roundMinutes: z.number().int(),
  /** Why the fields cannot be saved (a window shorter than the round), or null. */
  problem: z.string().nullable(),
  nextRun: z.string().nullable(),
  before: campaignForecastSchema,
  after: campaignForecastSchema,
  /** Keywords the draft would scan a second time the same day; empty when none. */
  overlap: campaignOverlapSchema,
});
export type CampaignPreview = z.infer<typeof campaignPreviewSchema>;
