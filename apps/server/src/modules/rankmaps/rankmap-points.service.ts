import { LOCAL_PACK_SIZE } from '@rankmaps/shared/metrics/core';
import type { Container } from '../../container';
import { type RankResultRow, rankResultsRepository } from './rank-results.repository';
import { ownedRankMapOr404 } from './rankmaps.service';

/** One grid point of an analysis with the business's rank there (GET /api/v1/analyses/{id}/results, MCP get_analysis_points). */
export type AnalysisPoint = Pick<RankResultRow, 'pointIndex' | 'row' | 'col' | 'lat' | 'lng' | 'status'> & {
  /** The position in Google Maps (1–20), or null where the business does not appear. */
  rank: number | null;
  /** rank ≤ 3. */
  inLocalPack: boolean;
};

/** The user's analysis, point by point in the order of the grid's indexes; 404 for someone else's or a missing one. */
export async function analysisPoints(container: Pick<Container, 'database'>, userId: string, id: string): Promise<AnalysisPoint[]> {
  const row = await ownedRankMapOr404(container, userId, id);
  const cells = new Map(row.grid.points.map((p) => [p.index, p]));
  return (await rankResultsRepository.listPositions(container.database.db, row.id))
    .sort((a, b) => a.pointIndex - b.pointIndex)
    .map((p) => {
      const cell = cells.get(p.pointIndex);
      return {
        pointIndex: p.pointIndex,
        row: cell?.row ?? 0,
        col: cell?.col ?? 0,
        lat: cell?.lat ?? 0,
        lng: cell?.lng ?? 0,
        status: p.status,
        rank: p.position,
        inLocalPack: p.position !== null && p.position <= LOCAL_PACK_SIZE,
      };
    });
}
