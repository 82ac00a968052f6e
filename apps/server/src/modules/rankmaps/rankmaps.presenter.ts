import type { GoogleResult, RankMapDetail, RankMapSummary, RankResult } from '@rankmaps/shared/schemas/rankmaps';
import { type CompetitorAnalysis, type MetricsResultItem, withAvgTotalPosition } from '@rankmaps/shared/metrics';
import type { NextRound } from './next-round';
import type { RankResultRow } from './rank-results.repository';
import type { RankMapListRow, RankMapRow } from './rankmaps.repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A timeline entry (docs/product.md §3 RankMap). */
export function presentSummary(row: RankMapListRow): RankMapSummary {
  return {
    _id: row.id,
    id: row.id,
    keywordId: row.keywordId,
    placeId: row.placeId,
    kind: row.kind,
    status: row.status,
    progress: row.progress,
    failureReason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
    scheduledFor: iso(row.scheduledFor),
    startedAt: iso(row.startedAt),
    completedAt: iso(row.completedAt),
    totalPoints: row.totalPoints,
    failedPoints: row.failedPoints,
    creditsCharged: row.creditsCharged,
    creditsRefunded: row.creditsRefunded,
    provider: row.provider,
    isDemo: row.provider === 'demo',
    stats: row.stats,
    virtual: false,
  };
}

/**
 * The round that will run the keyword next, shown in the timeline before it exists: its place's
 * weekly scan, or the custom campaign that runs it sooner, by name (docs/decisions.md §25.5).
 */
export function presentNextRoundEntry(input: { keywordId: string; placeId: string; next: NextRound; provider: string; totalPoints: number }): RankMapSummary {
  const id = `weekly-${input.keywordId}`;
  const at = input.next.at.toISOString();
  return {
    _id: id,
    id,
    keywordId: input.keywordId,
    placeId: input.placeId,
    kind: input.next.campaignName === null ? 'weekly' : 'campaign',
    status: 'pending',
    progress: 0,
    failureReason: null,
    createdAt: at,
    scheduledFor: at,
    startedAt: null,
    completedAt: null,
    totalPoints: input.totalPoints,
    failedPoints: 0,
    creditsCharged: 0,
    creditsRefunded: 0,
    provider: input.provider,
    isDemo: input.provider === 'demo',
    stats: null,
    virtual: true,
    ...(input.next.campaignName === null ? {} : { campaignName: input.next.campaignName }),
  };
}

export function presentDetail(row: RankMapRow, keyword: string): RankMapDetail {
  return {
    ...presentSummary(row),
    keyword,
    query: row.query,
    grid: { gridSize: row.grid.gridSize, radius: row.grid.radius, center: row.grid.center },
    vendorCost: { usd: row.vendorCostUsd, queue: row.vendorQueue },
  };
}

/**
 * The competitors table of a completed analysis, null before it completes. A table stored
 * before "Posición media total" was published gets it where the stored figures give it
 * exactly, null (shown as "—") elsewhere.
 */
export function presentCompetitorAnalysis(row: Pick<RankMapRow, 'status' | 'stats' | 'competitorAnalysis'>): CompetitorAnalysis | null {
  if (row.status !== 'completed' || !row.competitorAnalysis) return null;
  return withAvgTotalPosition(row.competitorAnalysis, row.stats);
}

const toGoogleResult = (item: MetricsResultItem, isAd: boolean): GoogleResult => ({
  position: item.position,
  name: item.name,
  address: item.address,
  rating: item.rating,
  userRatingCount: item.userRatingCount,
  isAd,
  placeId: item.placeId,
  location: item.location,
  categories: item.categories,
});

/** One point (docs/product.md §3 rank result): ads first, as the map shows them, then the organic results. */
export function presentResult(row: RankResultRow): RankResult {
  return {
    coordinates: { lat: row.lat, lng: row.lng },
    row: row.row,
    col: row.col,
    status: row.status,
    googleResults: [...row.ads.map((a) => toGoogleResult(a, true)), ...row.organic.map((o) => toGoogleResult(o, false))],
    businessAnalysis: { found: row.position !== null, position: row.position },
  };
}
