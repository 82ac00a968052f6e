import { useQuery } from '@tanstack/react-query';
import type { RankMapResponse } from '@rankmaps/shared/schemas/rankmaps';
import { api } from '@/lib/api-client';
import { rankmapsKeys, retryUnless404 } from './keys';

/** GET /rankmap/{id}: one analysis with its per-point results and its competitor analysis. */
export const getAnalysis = (id: string, signal?: AbortSignal) => api<RankMapResponse>(`/rankmap/${encodeURIComponent(id)}`, { signal });

/** Loaded once the analysis has completed: a finished analysis never changes, so it stays fresh. */
export function useAnalysis(id: string | null, enabled: boolean) {
  return useQuery({
    queryKey: rankmapsKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getAnalysis(id ?? '', signal),
    enabled: enabled && Boolean(id),
    staleTime: Infinity,
    retry: retryUnless404,
  });
}
