import {
  type FollowedCompetitorStats,
  type MetricsPointInput,
  SYNTHETIC_PLACE_ID_PREFIX,
  competitorStatsAt,
  followedStatsFromTally,
} from '@rankmaps/shared/metrics';
import { TREND_MAX_ANALYSES, type TrendResponse } from '@rankmaps/shared/schemas/trend';
import type { Container } from '../../container';
import type { DbOrTx } from '../../db/client';
import { followedOf } from '../places/competitors.service';
import { type BusinessTally, rankResultsRepository } from './rank-results.repository';
import { rankMapsRepository } from './rankmaps.repository';
import { ownedKeywordOr404 } from './rankmaps.service';

const NOT_FOUND: BusinessTally = { found: 0, sum: 0, top3: 0, top10: 0, top20: 0 };

/**
 * A keyword's trend: one point per completed analysis (the latest 52), oldest first, with
 * our GeoRank and average position as stored at completion, and each competitor the place
 * follows now, measured in every one of those analyses (so a competitor followed today
 * shows its past too, wherever it ranked).
 *
 * A competitor with a provider id is read from its tally, counted when the analysis
 * completed: a row per analysis at most. One the provider gave no id (a `local:` id from
 * the competitors table) can only be matched by name and place, from the stored points.
 */
export async function getTrend(container: Pick<Container, 'database'>, userId: string, keywordId: string): Promise<TrendResponse> {
  const { keyword, place } = await ownedKeywordOr404(container, userId, keywordId);
  const db = container.database.db;
  const [newestFirst, followed] = await Promise.all([rankMapsRepository.listCompletedByKeyword(db, keyword.id, TREND_MAX_ANALYSES), followedOf(db, place.id)]);
  const analyses = newestFirst.flatMap((a) => (a.stats && a.completedAt ? [{ ...a, stats: a.stats, completedAt: a.completedAt }] : [])).reverse();
  const analysisIds = analyses.map((a) => a.id);
  const ids = followed.map((f) => f.placeId);
  const providerIds = ids.filter((id) => !id.startsWith(SYNTHETIC_PLACE_ID_PREFIX));
  const unidentifiedIds = ids.filter((id) => id.startsWith(SYNTHETIC_PLACE_ID_PREFIX));

  if (providerIds.length > 0) await countMissingTallies(db, analyses.filter((a) => !a.talliesCounted).map((a) => a.id));
  const [tallies, unidentifiedPoints] = await Promise.all([
    rankResultsRepository.talliesFor(db, analysisIds, providerIds),
    unidentifiedIds.length > 0 ? rankResultsRepository.listOkPointsFor(db, analysisIds, unidentifiedIds, true) : Promise.resolve([]),
  ]);
  const tallyOf = new Map(tallies.map((t) => [`${t.rankMapId} ${t.key}`, t.tally]));
  const pointsOf = groupByAnalysis(unidentifiedPoints);

  const statsIn = (a: (typeof analyses)[number], placeId: string): FollowedCompetitorStats =>
    placeId.startsWith(SYNTHETIC_PLACE_ID_PREFIX)
      ? competitorStatsAt(pointsOf.get(a.id) ?? [], placeId)
      : followedStatsFromTally(placeId, { n: a.stats.totalPoints, ...(tallyOf.get(`${a.id} ${placeId}`) ?? NOT_FOUND) });

  return {
    points: analyses.map((a) => ({
      rankMapId: a.id,
      date: a.completedAt.toISOString(),
      geoRank: a.stats.geoRank,
      avgPosition: a.stats.avgPosition,
      avgTotalPosition: a.stats.avgTotalPosition,
      competitors: ids.map((id) => statsIn(a, id)),
    })),
    followed,
  };
}

/** Analyses completed without their tallies (by a worker of an earlier release): counted once, here. */
async function countMissingTallies(db: DbOrTx, rankMapIds: string[]): Promise<void> {
  if (rankMapIds.length === 0) return;
  await db.transaction(async (tx) => {
    await rankResultsRepository.countTallies(tx, rankMapIds);
    await rankMapsRepository.markTalliesCounted(tx, rankMapIds);
  });
}

function groupByAnalysis(rows: (MetricsPointInput & { rankMapId: string })[]): Map<string, MetricsPointInput[]> {
  const byAnalysis = new Map<string, MetricsPointInput[]>();
  for (const { rankMapId, ...point } of rows) {
    const list = byAnalysis.get(rankMapId);
    if (list) list.push(point);
    else byAnalysis.set(rankMapId, [point]);
  }
  return byAnalysis;
}
