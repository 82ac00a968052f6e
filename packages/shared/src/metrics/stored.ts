import type { Competitor, CompetitorAnalysis } from './competitors';
import type { ScanStats } from './stats';

/**
 * A competitors-table row as an analysis stored it. Tables stored before "Posición media
 * total" was published lack that field; everything else is as computed.
 */
export type StoredCompetitor = Omit<Competitor, 'avgTotalPosition'> & { avgTotalPosition?: number | null };
export type StoredCompetitorAnalysis = Omit<CompetitorAnalysis, 'competitors'> & { competitors: StoredCompetitor[] };

/**
 * The "Posición media total" of a stored row, exactly, from what was stored with it:
 * - our own row is the analysis's avgTotalPosition, stored in its stats from the start;
 * - a business seen at every point has no "not found" to count, so it is its avgPosition.
 * Any other row would need the exact sum of its positions, which a rounded average does
 * not give back (0.005 × its appearances of error): null, and the interface shows "—".
 */
export function storedAvgTotalPosition(
  row: StoredCompetitor,
  totalPoints: number,
  ourStats: Pick<ScanStats, 'avgTotalPosition'> | null,
): number | null {
  if (typeof row.avgTotalPosition === 'number') return row.avgTotalPosition;
  if (row.isOurBusiness && ourStats) return ourStats.avgTotalPosition;
  if (totalPoints > 0 && row.appearances === totalPoints) return row.avgPosition;
  return null;
}

/** A stored table with every row's avgTotalPosition filled as far as the stored figures allow. */
export function withAvgTotalPosition(
  analysis: StoredCompetitorAnalysis,
  ourStats: Pick<ScanStats, 'avgTotalPosition'> | null,
): CompetitorAnalysis {
  return {
    ...analysis,
    competitors: analysis.competitors.map((row) => ({
      ...row,
      avgTotalPosition: storedAvgTotalPosition(row, analysis.totalPoints, ourStats),
    })),
  };
}
