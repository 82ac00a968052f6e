import type { CompareCell, MetricDelta, PointsComparison } from '../metrics';

// What the report's findings are computed from (docs/metrics.md §11): plain
// data, built by the server's report builder from one completed analysis and the one before.

/**
 * One grid point: our organic position (null when not found, or the point failed or was
 * excluded) and who led there (the first organic result).
 */
export interface InsightCell extends CompareCell {
  /** The first organic result at the point, null when the point has none. */
  leader: { placeId: string | null; name: string; isOurBusiness: boolean } | null;
}

export interface InsightInput {
  /** Our business's name, as the report writes it. */
  businessName: string;
  center: { lat: number; lng: number };
  /** The grid's radius in metres. */
  radius: number;
  gridSize: number;
  cells: InsightCell[];
  /** The metrics with their deltas against the previous analysis (reference null without one). */
  metrics: MetricDelta[];
  /** The comparison's counts, null without a previous analysis. */
  movement: PointsComparison['counts'] | null;
}
