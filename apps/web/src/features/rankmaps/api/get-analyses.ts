import { useQuery } from '@tanstack/react-query';
import type { RankMapSummary } from '@rankmaps/shared/schemas/rankmaps';
import { api } from '@/lib/api-client';
import { listHasRunning } from '../utils/analysis-logic';
import { rankmapsKeys } from './keys';

/** While an analysis the page does not poll runs (a weekly scan, say), the list refreshes this often. */
const LIST_REFRESH_MS = 10_000;

/**
 * GET /rankmap/keyword/{keywordId}: the keyword's analyses, newest first, with scheduled
 * ones and the weekly virtual entry.
 */
export const getAnalyses = (keywordId: string, signal?: AbortSignal) =>
  api<RankMapSummary[]>(`/rankmap/keyword/${encodeURIComponent(keywordId)}`, { signal });

export function useAnalyses(keywordId: string, enabled = true) {
  return useQuery({
    queryKey: rankmapsKeys.list(keywordId),
    queryFn: ({ signal }) => getAnalyses(keywordId, signal),
    enabled: enabled && Boolean(keywordId),
    refetchInterval: (query) => (query.state.data && listHasRunning(query.state.data, new Date()) ? LIST_REFRESH_MS : false),
  });
}
