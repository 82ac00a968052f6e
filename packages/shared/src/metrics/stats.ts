import { LOCAL_PACK_SIZE, NOT_FOUND_POSITION, isFoundPosition, roundMetric } from './core';

/** Counts of points by bucket (docs/decisions.md §3): 1–3, 4–10, 11–20 and not found. They add up to N. */
export interface PositionDistribution {
  top3: number;
  /** Positions 4 to 10. */
  top10: number;
  /** Positions 11 to 20. */
  top20: number;
  notFound: number;
}

export interface ScanStats {
  /** N: the valid points of the scan. */
  totalPoints: number;
  foundPoints: number;
  avgPosition: number | null;
  avgTotalPosition: number;
  localPackPercentage: number;
  foundPercentage: number;
  visibilityIndex: number;
  geoRank: number;
  positionDistribution: PositionDistribution;
}

/**
 * Integer tallies of one business's positions over N points. Every metric below is a
 * single division of integers taken from here, so equal metrics compare exactly equal
 * (which the competitor ordering relies on) and no error accumulates.
 */
export interface PositionTally {
  n: number;
  found: number;
  /** Σ p over found points. */
  sum: number;
  top3: number;
  top10: number;
  top20: number;
}

/** Tallies the found positions of a business over `n` points (found positions must be 1..20, at most one per point). */
export function tallyFound(foundPositions: Iterable<number>, n: number): PositionTally {
  const t: PositionTally = { n, found: 0, sum: 0, top3: 0, top10: 0, top20: 0 };
  for (const p of foundPositions) {
    t.found++;
    t.sum += p;
    if (p <= LOCAL_PACK_SIZE) t.top3++;
    else if (p <= 10) t.top10++;
    else t.top20++;
  }
  return t;
}

/**
 * The unrounded metrics of a tally (docs/decisions.md §3), each written as one division:
 * - visibility 100 · Σ(21 − p)/20 / N = 5 · Σ(21 − p) / N;
 * - GeoRank 100 · (n₁₋₃ + 0.5·n₄₋₁₀ + 0.25·n₁₁₋₂₀) / N = 25 · (4·n₁₋₃ + 2·n₄₋₁₀ + n₁₁₋₂₀) / N.
 * With N = 0 there is nothing to divide: the percentages and indices are 0 and
 * avgTotalPosition 21, as if the business were found nowhere.
 */
export function statsFromTally(t: PositionTally): ScanStats {
  const { n, found, sum } = t;
  const notFound = n - found;
  const share = (count: number) => (n === 0 ? 0 : (100 * count) / n);
  return {
    totalPoints: n,
    foundPoints: found,
    avgPosition: found === 0 ? null : sum / found,
    avgTotalPosition: n === 0 ? NOT_FOUND_POSITION : (sum + NOT_FOUND_POSITION * notFound) / n,
    localPackPercentage: share(t.top3),
    foundPercentage: share(found),
    visibilityIndex: n === 0 ? 0 : (5 * (NOT_FOUND_POSITION * found - sum)) / n,
    geoRank: n === 0 ? 0 : (25 * (4 * t.top3 + 2 * t.top10 + t.top20)) / n,
    positionDistribution: { top3: t.top3, top10: t.top10, top20: t.top20, notFound },
  };
}

/** The published form of the stats: averages, percentages and indices to 2 decimals; counts untouched. */
export function roundStats(s: ScanStats): ScanStats {
  return {
    ...s,
    avgPosition: s.avgPosition === null ? null : roundMetric(s.avgPosition),
    avgTotalPosition: roundMetric(s.avgTotalPosition),
    localPackPercentage: roundMetric(s.localPackPercentage),
    foundPercentage: roundMetric(s.foundPercentage),
    visibilityIndex: roundMetric(s.visibilityIndex),
    geoRank: roundMetric(s.geoRank),
    positionDistribution: { ...s.positionDistribution },
  };
}

/**
 * The stats of one business over a scan: `positions` holds one entry per valid point,
 * its organic position 1..20 or null when not found (any other value counts as not found).
 */
export function computeStats(positions: (number | null)[]): ScanStats {
  return roundStats(statsFromTally(tallyFound(positions.filter(isFoundPosition), positions.length)));
}
