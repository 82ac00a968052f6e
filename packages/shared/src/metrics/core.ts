/** Constants and the two primitives every metric shares: what counts as "found", and rounding. */

/** Organic results are tracked down to this position; anything further is "not found". */
export const MAX_TRACKED_POSITION = 20;
/** The value a "not found" point takes in avgTotalPosition. */
export const NOT_FOUND_POSITION = MAX_TRACKED_POSITION + 1;
/** The Local Pack is the top three map results. */
export const LOCAL_PACK_SIZE = 3;
/** Rows of the competitors table (docs/product.md §9). */
export const COMPETITORS_TABLE_LIMIT = 80;
/** Businesses on the competitor map, and the ones avgRating / avgReviews are taken over (docs/product.md §9). */
export const COMPETITORS_TOP = 15;
/** Decimals every percentage, index and average is published with. */
export const METRIC_DECIMALS = 2;

/**
 * A position counts as found only when it is an integer from 1 to 20. Anything else
 * (null, 0, 21, NaN, 3.5) is "not found": the metrics are defined on 1..20, and a bad
 * value from a provider must not leak into an average.
 */
export function isFoundPosition(p: number | null | undefined): p is number {
  return typeof p === 'number' && Number.isInteger(p) && p >= 1 && p <= MAX_TRACKED_POSITION;
}

/**
 * The one place where metrics are rounded: half away from zero, to 2 decimals. The
 * functions compute at full precision and round only what they return.
 *
 * Multiplying by 100 can land a hair below a true half (1.005 × 100 = 100.49999…), so
 * the product is first cut to 12 significant digits: far more than the figures here
 * carry, far fewer than the binary noise.
 */
export function roundMetric(x: number): number {
  const scale = 10 ** METRIC_DECIMALS;
  const scaled = Number((Math.abs(x) * scale).toPrecision(12));
  return (Math.sign(x) * Math.round(scaled)) / scale + 0; // + 0 turns -0 into 0
}
