import { roundMetric } from './core';
import { SYNTHETIC_PLACE_ID_PREFIX, syntheticPlaceId } from './competitors';
import { bestPosition, hasProviderPlaceId } from './matching';
import { type PositionTally, statsFromTally, tallyFound } from './stats';
import { type MetricsPointInput, type MetricsResultItem } from './types';

/** A followed competitor's figures in one analysis, as its row in that analysis's competitors table would show them. */
export interface FollowedCompetitorStats {
  placeId: string;
  /** The GeoRank formula on its positions over all N points (the table's compositeScore); 0 when never seen. */
  geoRank: number;
  /** Mean of its positions where it appears; null when it appears nowhere. */
  avgPosition: number | null;
  /** Mean over all N points, 21 where it does not appear ("Posición media total"); 21 when it appears nowhere. */
  avgTotalPosition: number;
  /** Points where it appears organically. */
  appearances: number;
}

/**
 * Whether a result is the business a competitors-table row names by `placeId`: the
 * provider's id, or, for a business the provider gave no id, the table's synthetic
 * `local:<name>@<lat>,<lng>` id recomputed from the result.
 */
export function createCompetitorMatcher(placeId: string): (item: MetricsResultItem) => boolean {
  if (!placeId.startsWith(SYNTHETIC_PLACE_ID_PREFIX)) return (item) => hasProviderPlaceId(item.placeId) && item.placeId === placeId;
  return (item) => !hasProviderPlaceId(item.placeId) && syntheticPlaceId(item) === placeId;
}

/**
 * One business's figures over the valid points of an analysis, by the same rules as the
 * competitors table (docs/decisions.md §3): its best counted organic position at each point
 * (ads never count), then the GeoRank formula over all N points and the mean position
 * where it appears. It does not depend on the 80-row cap, so a followed business is
 * measured wherever it ranks. Points may carry only the results that could be this
 * business: the others never change its figures, only N (the number of points) does.
 */
export function competitorStatsAt(points: MetricsPointInput[], placeId: string): FollowedCompetitorStats {
  const matches = createCompetitorMatcher(placeId);
  const found: number[] = [];
  for (const point of points) {
    const p = bestPosition(point, matches);
    if (p !== null) found.push(p);
  }
  return followedStatsFromTally(placeId, tallyFound(found, points.length));
}

/**
 * The same figures from a tally counted beforehand (the server counts each business's when
 * an analysis completes).
 */
export function followedStatsFromTally(placeId: string, tally: PositionTally): FollowedCompetitorStats {
  const s = statsFromTally(tally);
  return {
    placeId,
    geoRank: roundMetric(s.geoRank),
    avgPosition: s.avgPosition === null ? null : roundMetric(s.avgPosition),
    avgTotalPosition: roundMetric(s.avgTotalPosition),
    appearances: s.foundPoints,
  };
}
