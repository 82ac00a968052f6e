import { useQuery } from '@tanstack/react-query';
import type { RankMapStatusResponse } from '@rankmaps/shared/schemas/rankmaps';
import { api } from '@/lib/api-client';
import { isRunningStatus, POLL_INTERVAL_MS } from '../utils/analysis-logic';
import { rankmapsKeys, retryUnless404 } from './keys';

/** GET /rankmap/{id}/status: status, progress (0-100) and failure reason. */
export const getAnalysisStatus = (id: string, signal?: AbortSignal) =>
  api<RankMapStatusResponse>(`/rankmap/${encodeURIComponent(id)}/status`, { signal });

/**
 * Polls the selected analysis every 2 s (docs/product.md §4, docs/product.md §9) while `active` (it has started and is
 * not finished: see `isPollingActive`) and the answer still says pending or processing.
 */
export function useAnalysisStatus(id: string | null, active: boolean) {
  return useQuery({
    queryKey: rankmapsKeys.status(id ?? ''),
    queryFn: ({ signal }) => getAnalysisStatus(id ?? '', signal),
    enabled: active && Boolean(id),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === undefined || isRunningStatus(status) ? POLL_INTERVAL_MS : false;
    },
    // The progress bar must move even when the tab was left in the background for a moment.
    refetchIntervalInBackground: true,
    staleTime: 0,
    retry: retryUnless404,
  });
}
