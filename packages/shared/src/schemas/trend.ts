import { z } from 'zod';
import { v } from '../messages';

/** A business pinned by the user to follow beside its own (issue: followed competitors, up to 5 per place). */
export const followedCompetitorSchema = z.object({ placeId: z.string(), name: z.string() });
export type FollowedCompetitor = z.infer<typeof followedCompetitorSchema>;
export const MAX_FOLLOWED_COMPETITORS = 5;

/** GET, POST and DELETE /api/place/:id/competitors: the place's followed competitors, oldest first. */
export const followedCompetitorsResponseSchema = z.object({ followed: z.array(followedCompetitorSchema) });
export type FollowedCompetitorsResponse = z.infer<typeof followedCompetitorsResponseSchema>;
export const followCompetitorRequestSchema = z.object({
  placeId: z.string(v('competitorRequired')).trim().min(1, v('competitorRequired')).max(300, v('competitorInvalid')),
  name: z.string(v('competitorNameRequired')).trim().min(1, v('competitorNameRequired')).max(300, v('competitorNameTooLong')),
});
export type FollowCompetitorRequest = z.infer<typeof followCompetitorRequestSchema>;
export const competitorParamsSchema = z.object({ id: z.string().max(100, 'Lugar no encontrado.'), competitorId: z.string().max(300, v('competitorInvalid')) });

/** One completed analysis in a keyword's trend: our figures and each followed competitor's. */
export const trendPointSchema = z.object({
  rankMapId: z.string(),
  date: z.string(),
  geoRank: z.number(),
  avgPosition: z.number().nullable(),
  /** Over all N points, not found = 21 ("Posición media total"). */
  avgTotalPosition: z.number(),
  /**
   * One entry per followed competitor, in `followed` order; geoRank 0, avgPosition null,
   * avgTotalPosition 21 and appearances 0 when not seen in that analysis.
   */
  competitors: z.array(
    z.object({ placeId: z.string(), geoRank: z.number(), avgPosition: z.number().nullable(), avgTotalPosition: z.number(), appearances: z.number().int() }),
  ),
});
export type TrendPoint = z.infer<typeof trendPointSchema>;

/** GET /api/rankmap/keyword/:keywordId/trend: the latest completed analyses (at most TREND_MAX_ANALYSES), oldest first. */
export const TREND_MAX_ANALYSES = 52;
export const trendResponseSchema = z.object({ points: z.array(trendPointSchema), followed: z.array(followedCompetitorSchema) });
export type TrendResponse = z.infer<typeof trendResponseSchema>;
