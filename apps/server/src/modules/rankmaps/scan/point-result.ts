import { targetPosition } from '@rankmaps/shared/metrics';
import type { MapsSearchResult } from '../../../providers/maps-search/interface';
import type { NewRankResult } from '../rank-results.repository';
import type { RankMapPoint, RankMapRow } from '../rankmaps.repository';
import { metricsTarget } from './scan-snapshot.service';

/** What a point came to: the vendor's result, or why it failed; and what the vendor charged for it, every try included. */
export type PointAnswer = ({ ok: true; result: MapsSearchResult } | { ok: false; error: string }) & { costUsd: number };

/** One point as stored, from the vendor's answer (live or collected from the standard queue). */
export function resultOf(row: Pick<RankMapRow, 'id' | 'maxResults' | 'target'>, point: RankMapPoint, answer: PointAnswer): NewRankResult {
  const base = { rankMapId: row.id, pointIndex: point.index, row: point.row, col: point.col, lat: point.lat, lng: point.lng, costUsd: answer.costUsd };
  if (!answer.ok) return { ...base, status: 'failed', organic: [], ads: [], position: null, error: answer.error.slice(0, 500) };
  const organic = answer.result.organic.slice(0, row.maxResults);
  const ads = answer.result.ads;
  const position = targetPosition({ lat: point.lat, lng: point.lng, organic, ads }, metricsTarget(row.target));
  return { ...base, status: 'ok', organic, ads, position, error: null };
}
