/**
 * The scan metrics of docs/decisions.md §3, as pure functions shared by the server (which
 * stores them with each scan) and the web (which shows them). docs/metrics.md publishes
 * the same definitions to users; a change here is a change there.
 */
import { computeCompetitorAnalysis, type CompetitorAnalysis } from './metrics/competitors';
import { bestPosition, createTargetMatcher } from './metrics/matching';
import { computeStats, type ScanStats } from './metrics/stats';
import { type MetricsPointInput, type TargetBusiness } from './metrics/types';

export * from './metrics/types';
export * from './metrics/core';
export * from './metrics/bands';
export * from './metrics/band-scale-rule';
export * from './metrics/matching';
export * from './metrics/stats';
export * from './metrics/competitors';
export * from './metrics/followed';
export * from './metrics/stored';
export * from './metrics/compare';

export interface ScanMetrics {
  stats: ScanStats;
  competitorAnalysis: CompetitorAnalysis;
  /** Our position at each point, in the order of `points` (1..20 or null): the per-point businessAnalysis. */
  positions: (number | null)[];
}

/** Everything a completed scan publishes, from its valid points. */
export function computeScanMetrics(points: MetricsPointInput[], target: TargetBusiness): ScanMetrics {
  const isTarget = createTargetMatcher(target);
  const positions = points.map((point) => bestPosition(point, isTarget));
  return { stats: computeStats(positions), competitorAnalysis: computeCompetitorAnalysis(points, target), positions };
}
