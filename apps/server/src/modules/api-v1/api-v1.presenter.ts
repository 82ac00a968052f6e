import type { AnalysisRow } from './api-v1.repository';

// How v1 shows an analysis: the same stable fields in every v1 answer (and in the MCP tools
// and webhook payloads that describe one), so a client reads one shape everywhere.

/** An analysis as v1 answers it; `metrics` is null until it completes. */
export function presentAnalysis(row: AnalysisRow) {
  const s = row.stats;
  return {
    id: row.id,
    keywordId: row.keywordId,
    placeId: row.placeId,
    query: row.query,
    kind: row.kind,
    status: row.status,
    progress: row.progress,
    failureReason: row.failureReason,
    gridPoints: row.totalPoints,
    creditsCharged: row.creditsCharged,
    creditsRefunded: row.creditsRefunded,
    metrics: s
      ? {
          totalPoints: s.totalPoints,
          foundPoints: s.foundPoints,
          avgPosition: s.avgPosition,
          avgTotalPosition: s.avgTotalPosition,
          localPackPercentage: s.localPackPercentage,
          foundPercentage: s.foundPercentage,
          visibilityIndex: s.visibilityIndex,
          geoRank: s.geoRank,
        }
      : null,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}
