import { COMPARED_METRICS, type MetricDelta, type ScanStats, comparePoints, metricDeltas } from '@rankmaps/shared/metrics';
import { computeInsights, type InsightCell } from '@rankmaps/shared/report-insights/index';
import type { AnalysisReport, ReportDataLabel } from '@rankmaps/shared/schemas/report';
import type { TrendResponse } from '@rankmaps/shared/schemas/trend';
import type { Container } from '../../container';
import { badRequest } from '../../errors';
import { cellsFromPositions, sameGrid } from '../rankmaps/rankmap-compare.service';
import { presentCompetitorAnalysis } from '../rankmaps/rankmaps.presenter';
import type { RankMapRow } from '../rankmaps/rankmaps.repository';
import { rankResultsRepository } from '../rankmaps/rank-results.repository';
import { getTrend } from '../rankmaps/rankmap-trend.service';
import { reportAnalysesRepository } from './report-analyses.repository';

export const NOT_COMPLETED_FOR_REPORT = 'Solo hay informe de un análisis completado: espera a que este termine o elige otro.';
export const FAILED_FOR_REPORT = 'Este análisis no se completó, así que no tiene informe: elige otro análisis completado.';

/** The top competitors table of a report: the first rows of the stored table, which is ordered by GeoRank. */
export const REPORT_COMPETITORS_LIMIT = 10;

export type CompletedRankMap = RankMapRow & { stats: ScanStats; completedAt: Date };

/** The analysis, completed: 400 in Spanish otherwise, as the comparison refuses one. */
export function completedOr400(row: RankMapRow): CompletedRankMap {
  if (row.status === 'failed') throw badRequest(FAILED_FOR_REPORT, 'RANKMAP_NOT_COMPLETED');
  if (row.status !== 'completed' || !row.stats || !row.completedAt) throw badRequest(NOT_COMPLETED_FOR_REPORT, 'RANKMAP_NOT_COMPLETED');
  return { ...row, stats: row.stats, completedAt: row.completedAt };
}

/** Why the figures are not Google Maps' own (docs/reports.md): the demo's, or Google Places' approximation. */
export function dataLabelOf(provider: string): ReportDataLabel {
  if (provider === 'demo') return 'demo';
  if (provider === 'google-places') return 'approximation';
  return null;
}

/** Every metric against nothing: the first analysis of a keyword. */
const deltasWithoutReference = (stats: ScanStats): MetricDelta[] =>
  COMPARED_METRICS.map(({ key, better }) => ({ key, better, current: stats[key], reference: null, delta: null, trend: null }));

/** The keyword's trend up to this analysis (the report of an older one does not show the later ones). */
function trendUpTo(trend: TrendResponse, rankMapId: string): AnalysisReport['trend'] {
  const at = trend.points.findIndex((p) => p.rankMapId === rankMapId);
  const points = at === -1 ? trend.points : trend.points.slice(0, at + 1);
  return {
    points: points.map((p) => ({
      date: p.date,
      geoRank: p.geoRank,
      avgTotalPosition: p.avgTotalPosition,
      competitors: p.competitors.map((c) => ({ placeId: c.placeId, geoRank: c.geoRank })),
    })),
    followed: trend.followed,
  };
}

/**
 * One analysis as a report shows it (docs/reports.md, "Builder"): the stored figures with
 * their deltas and the movement against the keyword's previous completed analysis (the
 * comparison's own functions), the heat map's cells with who led at each, the trend up to
 * it, the top of its competitors table, its ads and the findings computed from all that.
 */
export async function analysisSection(
  container: Pick<Container, 'database'>,
  input: { ownerId: string; row: CompletedRankMap; keyword: string; place: { name: string; timeZone: string } },
): Promise<AnalysisReport> {
  const { ownerId, row, keyword, place } = input;
  const db = container.database.db;
  // The three reads are independent: on PostgreSQL they run side by side.
  const previousWithPositions = async () => {
    const previous = await reportAnalysesRepository.previousCompleted(db, row.keywordId, row.id, row.createdAt);
    return previous?.stats ? { ...previous, stats: previous.stats, positions: await rankResultsRepository.listPositions(db, previous.id) } : null;
  };
  const [points, reference, trend] = await Promise.all([
    reportAnalysesRepository.pointsWithLeader(db, row.id),
    previousWithPositions(),
    getTrend(container, ownerId, row.keywordId),
  ]);
  const referenceCells = reference ? cellsFromPositions(reference.grid, reference.positions) : null;

  const cells = cellsFromPositions(row.grid, points);
  const gridPointAt = new Map(row.grid.points.map((g) => [g.index, g]));
  const leaderAt = new Map<string, InsightCell['leader']>();
  for (const p of points) {
    const gridPoint = gridPointAt.get(p.pointIndex);
    if (!gridPoint || p.status !== 'ok' || !p.leader) continue;
    // Our own business leads where our position is the first result's.
    leaderAt.set(`${gridPoint.row} ${gridPoint.col}`, { name: p.leader.name, placeId: p.leader.placeId, isOurBusiness: p.position !== null && p.position === p.leader.position });
  }
  const insightCells: InsightCell[] = cells.map((c) => ({ ...c, leader: leaderAt.get(`${c.row} ${c.col}`) ?? null }));

  const metrics = reference ? metricDeltas(row.stats, reference.stats) : deltasWithoutReference(row.stats);
  const movement = reference && referenceCells ? comparePoints(cells, referenceCells, { sameGrid: sameGrid(row.grid, reference.grid) }).counts : null;

  const table = presentCompetitorAnalysis(row);
  const competitors = (table?.competitors ?? []).slice(0, REPORT_COMPETITORS_LIMIT).map((c) => ({
    name: c.name,
    rating: c.rating,
    userRatingCount: c.userRatingCount,
    avgPosition: c.avgPosition,
    avgTotalPosition: c.avgTotalPosition,
    localPackPercentage: c.localPackPercentage,
    appearances: c.appearances,
    geoRank: c.compositeScore,
    isOurBusiness: c.isOurBusiness,
  }));
  const ads = (table?.ads ?? []).map((a) => ({ name: a.name, share: a.share, appearances: a.appearances, isOurBusiness: a.isOurBusiness }));

  const { gridSize, radius, center } = row.grid;
  const insights = computeInsights({ businessName: place.name, center, radius, gridSize, cells: insightCells, metrics, movement });

  return {
    keyword,
    query: row.query !== keyword ? row.query : null,
    date: row.completedAt.toISOString(),
    timeZone: place.timeZone,
    grid: { gridSize, radius, center, totalPoints: row.totalPoints },
    dataLabel: dataLabelOf(row.provider),
    metrics,
    previousDate: reference?.completedAt?.toISOString() ?? null,
    cells: cells.map((c) => ({ row: c.row, col: c.col, lat: c.lat, lng: c.lng, position: c.position, status: c.status })),
    movement,
    trend: trendUpTo(trend, row.id),
    competitors,
    ads,
    insights,
  };
}
