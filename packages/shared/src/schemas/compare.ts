import { z } from 'zod';
import type { CompetitorsComparison, MetricDelta, PointsComparison } from '../metrics';
import { countsSchema } from './common';
import { rankMapDetailSchema, rankMapSummarySchema } from './rankmaps';

// GET /api/rankmap/:id/compare/:otherId (issue 16, docs/decisions.md §23.1).

export const compareParamsSchema = z.object({
  id: z.string().max(100, 'Análisis no encontrado.'),
  otherId: z.string().max(100, 'Análisis no encontrado.'),
});

const trendSchema = z.enum(['improved', 'worsened', 'same']);

export const metricDeltaSchema = z.object({
  key: z.enum(['geoRank', 'avgPosition', 'avgTotalPosition', 'localPackPercentage', 'foundPercentage', 'visibilityIndex']),
  better: z.enum(['higher', 'lower']),
  current: z.number().nullable(),
  reference: z.number().nullable(),
  delta: z.number().nullable(),
  trend: trendSchema.nullable(),
});

const cellStatusSchema = z.enum(['ok', 'failed', 'excluded']);
const movementSchema = z.enum(['improved', 'worsened', 'same', 'newlyFound', 'lost', 'notComparable']);
/** Where a grid point is: its row and column, and its coordinates. */
const gridPointSchema = z.object({ row: z.number().int(), col: z.number().int(), lat: z.number(), lng: z.number() });

export const pointsComparisonSchema = z.object({
  sameGrid: z.boolean(),
  toleranceMetres: z.number(),
  points: z.array(
    gridPointSchema.extend({
      referenceRow: z.number().int(),
      referenceCol: z.number().int(),
      position: z.number().int().nullable(),
      referencePosition: z.number().int().nullable(),
      movement: movementSchema,
      change: z.number().int().nullable(),
      status: cellStatusSchema,
      referenceStatus: cellStatusSchema,
    }),
  ),
  unmatched: z.object({ current: z.array(gridPointSchema), reference: z.array(gridPointSchema) }),
  /** How many points moved each way. */
  counts: countsSchema(...movementSchema.options),
});

const figuresSchema = z.object({ geoRank: z.number(), avgTotalPosition: z.number().nullable(), appearances: z.number().int() });
const competitorChangeSchema = z.object({
  placeId: z.string(),
  name: z.string(),
  presence: z.enum(['both', 'new', 'gone']),
  current: figuresSchema,
  reference: figuresSchema,
  geoRankDelta: z.number(),
  avgTotalPositionDelta: z.number().nullable(),
});
export const competitorsComparisonSchema = z.object({ gained: z.array(competitorChangeSchema), lost: z.array(competitorChangeSchema) });

/** One side of the comparison: the analysis as its timeline entry, with its grid. */
const compareSideSchema = rankMapSummarySchema.extend({ grid: rankMapDetailSchema.shape.grid });

export const compareResponseSchema = z.object({
  /** The analysis shown ({id}); every delta is current − reference. */
  current: compareSideSchema,
  /** The analysis it is compared with ({otherId}). */
  reference: compareSideSchema,
  metrics: z.array(metricDeltaSchema),
  points: pointsComparisonSchema,
  competitors: competitorsComparisonSchema,
});
export type CompareResponse = z.infer<typeof compareResponseSchema>;

// The schemas above must describe exactly what the comparison functions return.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const deltasMatch: Same<z.infer<typeof metricDeltaSchema>, MetricDelta> = true;
const pointsMatch: Same<z.infer<typeof pointsComparisonSchema>, PointsComparison> = true;
const competitorsMatch: Same<z.infer<typeof competitorsComparisonSchema>, CompetitorsComparison> = true;
void deltasMatch;
void pointsMatch;
void competitorsMatch;
