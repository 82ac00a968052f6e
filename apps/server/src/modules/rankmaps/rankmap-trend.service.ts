import { type MetricsPointInput, SYNTHETIC_PLACE_ID_PREFIX, competitorStatsAt } from '@rankmaps/shared/metrics';
import { TREND_MAX_ANALYSES, type TrendResponse } from '@rankmaps/shared/schemas/trend';
import type { Container } from '../../container';
import { followedOf } from '../places/competitors.service';
import { rankResultsRepository } from './rank-results.repository';
import { rankMapsRepository } from './rankmaps.repository';
import { ownedKeywordOr404 } from './rankmaps.service';

/**
 * A keyword's trend: one point per completed analysis (the latest 52), oldest first, with
 * our GeoRank and average position as stored at completion, and each competitor the place
 * follows now, measured in every one of those analyses from the stored per-point results
 * (so a competitor followed today shows its past too, wherever it ranked).
 */
export async function getTrend(container: Container, userId: string, keywordId: string): Promise<TrendResponse> {
  const { keyword, place } = await ownedKeywordOr404(container, userId, keywordId);
  const db = container.database.db;
  const [newestFirst, followed] = await Promise.all([rankMapsRepository.listCompletedByKeyword(db, keyword.id, TREND_MAX_ANALYSES), followedOf(db, place.id)]);
  const analyses = newestFirst.flatMap(({ id, stats, completedAt }) => (stats && completedAt ? [{ id, stats, completedAt }] : [])).reverse();

  const ids = followed.map((f) => f.placeId);
  const withUnidentified = ids.some((id) => id.startsWith(SYNTHETIC_PLACE_ID_PREFIX));
  const rows = await rankResultsRepository.listOkPointsFor(db, analyses.map((a) => a.id), ids, withUnidentified);
  const pointsOf = new Map<string, MetricsPointInput[]>();
  for (const { rankMapId, ...point } of rows) {
    const list = pointsOf.get(rankMapId);
    if (list) list.push(point);
    else pointsOf.set(rankMapId, [point]);
  }

  return {
    points: analyses.map((a) => ({
      rankMapId: a.id,
      date: a.completedAt.toISOString(),
      geoRank: a.stats.geoRank,
      avgPosition: a.stats.avgPosition,
      competitors: ids.map((id) => competitorStatsAt(pointsOf.get(a.id) ?? [], id)),
    })),
    followed,
  };
}
