import { useQuery } from '@tanstack/react-query';
import type { TrendResponse } from '@rankmaps/shared/schemas/trend';
import { api } from '@/lib/api-client';
import { rankmapsKeys } from './keys';

/** GET /rankmap/keyword/{id}/trend: GeoRank and average position per completed analysis, with the followed competitors. */
export const getTrend = (keywordId: string) => api<TrendResponse>(`/rankmap/keyword/${encodeURIComponent(keywordId)}/trend`);

export function useTrend(keywordId: string) {
  return useQuery({ queryKey: rankmapsKeys.trend(keywordId), queryFn: () => getTrend(keywordId) });
}
