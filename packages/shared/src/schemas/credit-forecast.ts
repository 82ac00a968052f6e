import { z } from 'zod';

// Credit warnings (issue 16, docs/decisions.md §23.4): the scheduled work of the next 7 days
// against the user's credits.

/** How far ahead the forecast looks. */
export const FORECAST_DAYS = 7;

export const creditForecastRoundSchema = z.object({
  /** 'weekly': a place's weekly round (every keyword); 'campaign': a campaign's round at one place; 'scheduled': one analysis scheduled by the user. */
  kind: z.enum(['weekly', 'campaign', 'scheduled']),
  /** The campaign's name, for a campaign's round. */
  campaignName: z.string().nullable().optional(),
  placeId: z.string(),
  placeName: z.string(),
  /** When it runs (ISO). */
  at: z.string(),
  /** The analyses it runs: one per keyword of the place for a weekly round, 1 for a scheduled one. */
  analyses: z.number().int(),
  /** What it costs: 1 credit per valid grid point of each analysis. */
  credits: z.number().int(),
  /** The credits left for it once what runs earlier has paid. */
  availableBefore: z.number().int(),
  /** The analyses the credits left cannot pay (skipped when it runs, unless credits are added). */
  skippedAnalyses: z.number().int(),
});
export type CreditForecastRound = z.infer<typeof creditForecastRoundSchema>;

/** GET /api/rankmap/credit-forecast. */
export const creditForecastResponseSchema = z.object({
  /** 'credits': a pro plan, whose scheduled work pays credits; 'plan': a basic plan (its weekly scans are part of the plan and are never skipped for credits); 'none': no plan. */
  billing: z.enum(['credits', 'plan', 'none']),
  /** Credits the user has now (subscription + extra). */
  available: z.number().int(),
  /** Credits the scheduled work of the next 7 days costs. */
  needed: z.number().int(),
  /** What is missing: needed − available, 0 when enough. */
  shortfall: z.number().int(),
  /** The scheduled work of the next 7 days, soonest first. */
  rounds: z.array(creditForecastRoundSchema),
});
export type CreditForecastResponse = z.infer<typeof creditForecastResponseSchema>;
