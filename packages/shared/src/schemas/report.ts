import { z } from 'zod';
import { metricDeltaSchema, pointsComparisonSchema } from './compare';
import { followedCompetitorSchema } from './trend';

// The client report (issue 17, docs/reports.md): one JSON document that the share page, the
// PDF and the report e-mail all render, so the three cannot disagree. It holds only what a
// client may see: no e-mail, no user id, no other place, no raw vendor answers.

/** How the agency signs the report (docs/reports.md, "White-label"). */
export const reportBrandSchema = z.object({
  /** The agency's name, or «RankMaps» without white-label. */
  name: z.string(),
  /** A same-origin URL of the re-encoded logo (PNG), or null. */
  logoUrl: z.string().nullable(),
  /** #rrggbb, the accent of headings and the heat map's frame. */
  accent: z.string(),
  /** The agency's contact line (e-mail, phone or web), or null. */
  contact: z.string().nullable(),
  /** A short footer text, or null. */
  footer: z.string().nullable(),
  /** Show the small «Hecho con RankMaps» line (Enterprise may remove it). */
  poweredBy: z.boolean(),
  /** True when an agency's brand replaces RankMaps'. */
  whiteLabel: z.boolean(),
});
export type ReportBrand = z.infer<typeof reportBrandSchema>;

/**
 * The client the report's place is grouped under (docs/decisions.md §25.1): its name and logo,
 * nothing else of it. Absent when the place has no client.
 */
export const reportClientSchema = z.object({
  name: z.string(),
  /** A same-origin URL of the client's re-encoded logo (PNG), or null. */
  logoUrl: z.string().nullable(),
});
export type ReportClient = z.infer<typeof reportClientSchema>;

/** Why the figures are not Google Maps' own: the label every screen of such data shows. */
export const reportDataLabelSchema = z.enum(['demo', 'approximation']).nullable();
export type ReportDataLabel = z.infer<typeof reportDataLabelSchema>;

/** One finding at the top of a report (docs/metrics.md §11). */
export const reportInsightSchema = z.object({
  /** The rule that made it, e.g. 'strong-sector'. */
  rule: z.string(),
  /** Plain Spanish, citing its figures. */
  text: z.string(),
  /** The figures the text cites, for tests and the API. */
  figures: z.record(z.string(), z.union([z.number(), z.string()])),
});
export type ReportInsight = z.infer<typeof reportInsightSchema>;

/** A heat map cell: its place in the grid and our position there (null: not found). */
export const reportCellSchema = z.object({
  row: z.number().int(),
  col: z.number().int(),
  lat: z.number(),
  lng: z.number(),
  position: z.number().int().nullable(),
  status: z.enum(['ok', 'failed', 'excluded']),
});
export type ReportCell = z.infer<typeof reportCellSchema>;

/** A row of the top competitors table. */
export const reportCompetitorSchema = z.object({
  name: z.string(),
  rating: z.number().nullable(),
  userRatingCount: z.number(),
  avgPosition: z.number(),
  avgTotalPosition: z.number().nullable(),
  localPackPercentage: z.number(),
  appearances: z.number().int(),
  geoRank: z.number(),
  isOurBusiness: z.boolean(),
});

/** A business that showed as an ad (the ad detector). */
export const reportAdSchema = z.object({ name: z.string(), share: z.number(), appearances: z.number().int(), isOurBusiness: z.boolean() });

export const reportPlaceSchema = z.object({
  name: z.string(),
  address: z.string(),
  /** ISO 3166-1 alpha-2, and the search language (ISO 639-1). */
  market: z.object({ countryCode: z.string(), languageCode: z.string() }),
});
export type ReportPlace = z.infer<typeof reportPlaceSchema>;

/** The trend across past analyses of the keyword, with the followed competitors (oldest first). */
export const reportTrendSchema = z.object({
  points: z.array(
    z.object({
      date: z.string(),
      geoRank: z.number(),
      avgTotalPosition: z.number(),
      competitors: z.array(z.object({ placeId: z.string(), geoRank: z.number() })),
    }),
  ),
  followed: z.array(followedCompetitorSchema),
});

/** One analysis of one keyword, as the report shows it. */
export const analysisReportSchema = z.object({
  keyword: z.string(),
  /** The search text when it differs from the keyword, else null. */
  query: z.string().nullable(),
  /** When the analysis completed, ISO 8601. */
  date: z.string(),
  /** The place's time zone, for dates written in the report. */
  timeZone: z.string(),
  grid: z.object({ gridSize: z.number().int(), radius: z.number(), center: z.object({ lat: z.number(), lng: z.number() }), totalPoints: z.number().int() }),
  dataLabel: reportDataLabelSchema,
  /** Every metric with its delta against the previous completed analysis (reference null without one). */
  metrics: z.array(metricDeltaSchema),
  /** When the analysis compared with was made, or null. */
  previousDate: z.string().nullable(),
  cells: z.array(reportCellSchema),
  /** The comparison's counts, or null without a previous analysis. */
  movement: pointsComparisonSchema.shape.counts.nullable(),
  trend: reportTrendSchema,
  /** At most 10, by GeoRank. */
  competitors: z.array(reportCompetitorSchema),
  ads: z.array(reportAdSchema),
  insights: z.array(reportInsightSchema),
});
export type AnalysisReport = z.infer<typeof analysisReportSchema>;

/** A row of a place report's summary table: one keyword's latest figures. */
export const placeReportRowSchema = z.object({
  keyword: z.string(),
  date: z.string().nullable(),
  geoRank: z.number().nullable(),
  geoRankDelta: z.number().nullable(),
  avgTotalPosition: z.number().nullable(),
  localPackPercentage: z.number().nullable(),
  foundPercentage: z.number().nullable(),
});

/**
 * A place report's «Ritmo de reseñas» (docs/metrics.md §13): the table of «Reseñas» and its
 * finding. Absent when no scan has seen the business yet.
 */
export const reportReviewPaceSchema = z.object({
  rows: z.array(
    z.object({
      name: z.string(),
      isOurs: z.boolean(),
      rating: z.number().nullable(),
      reviews: z.number().int().nullable(),
      reviewsPerMonth: z.number().nullable(),
      gapToLeader: z.number().int().nullable(),
      /** «Es el líder», «En unos 11,2 meses», «No la alcanzarás a este ritmo», «Sin datos suficientes». */
      catchUp: z.string(),
    }),
  ),
  finding: reportInsightSchema.nullable(),
  demo: z.boolean(),
});
export type ReportReviewPace = z.infer<typeof reportReviewPaceSchema>;

const reportBaseSchema = z.object({
  brand: reportBrandSchema,
  /** «Informe para {client}»: only when the place is grouped under a client. */
  client: reportClientSchema.optional(),
  place: reportPlaceSchema,
  /** When the document was made, ISO 8601. */
  generatedAt: z.string(),
});

/** A figure of an AI-visibility analysis with its 95 % interval (docs/metrics.md §12). */
const reportAiEstimateSchema = z.object({ value: z.number().nullable(), low: z.number().nullable(), high: z.number().nullable() });
const reportAiFiguresSchema = z.object({ shareOfVoice: reportAiEstimateSchema, mentionedIn: reportAiEstimateSchema, avgPosition: reportAiEstimateSchema });

/** A keyword's latest completed AI-visibility analysis in its report (docs/decisions.md §31.10). */
export const reportAiSchema = z.object({
  date: z.string(),
  gridSize: z.number().int(),
  samples: z.number().int(),
  /** Some answer came from the demo engine: «Datos de demostración». */
  demo: z.boolean(),
  overall: reportAiFiguresSchema,
  engines: z.array(reportAiFiguresSchema.extend({ label: z.string() })),
  /** The ten businesses named most, ours among them wherever it ranks. */
  competitors: z.array(z.object({ name: z.string(), isTarget: z.boolean(), share: reportAiEstimateSchema })),
  /** Where the AI names the business, half against half, only beyond the noise (docs/metrics.md §12); absent in older reports. */
  findings: z.array(reportInsightSchema).optional(),
});
export type ReportAi = z.infer<typeof reportAiSchema>;

/**
 * The three reports: one analysis; a keyword (its latest analysis with the whole trend,
 * and the list of its analyses); a place (a summary table, then one section per keyword
 * with a completed analysis).
 */
export const reportSchema = z.discriminatedUnion('scope', [
  reportBaseSchema.extend({
    scope: z.literal('analysis'),
    analysis: analysisReportSchema,
    /** The analysis's keyword's latest completed AI-visibility analysis; null or absent when there is none. */
    ai: reportAiSchema.nullable().optional(),
  }),
  reportBaseSchema.extend({
    scope: z.literal('keyword'),
    keyword: z.string(),
    /** Null while the keyword has no completed analysis. */
    latest: analysisReportSchema.nullable(),
    history: z.array(z.object({ date: z.string(), geoRank: z.number(), avgTotalPosition: z.number(), localPackPercentage: z.number(), dataLabel: reportDataLabelSchema })),
    /** The latest completed AI-visibility analysis; null or absent when there is none. */
    ai: reportAiSchema.nullable().optional(),
  }),
  reportBaseSchema.extend({
    scope: z.literal('place'),
    summary: z.array(placeReportRowSchema),
    keywords: z.array(analysisReportSchema),
    reviewPace: reportReviewPaceSchema.optional(),
    /** Per keyword (in the keywords' order) with a completed AI-visibility analysis, its latest one. */
    ai: z.array(z.object({ keyword: z.string(), ai: reportAiSchema })).optional(),
  }),
]);
export type Report = z.infer<typeof reportSchema>;
export type ReportScope = Report['scope'];
