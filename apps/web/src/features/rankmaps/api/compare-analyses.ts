import { useQuery } from '@tanstack/react-query';
import type { CompareResponse } from '@rankmaps/shared/schemas/compare';
import { api } from '@/lib/api-client';
import { rankmapsKeys, retryUnless404 } from './keys';

/** GET /rankmap/{id}/compare/{otherId}: the analysis against another of its keyword (docs/decisions.md §23.1). */
export const compareAnalyses = (id: string, otherId: string, signal?: AbortSignal) =>
  api<CompareResponse>(`/rankmap/${encodeURIComponent(id)}/compare/${encodeURIComponent(otherId)}`, { signal });

/** Two completed analyses never change, so their comparison stays fresh. */
export function useComparison(id: string, otherId: string | null) {
  return useQuery({
    queryKey: rankmapsKeys.compare(id, otherId ?? ''),
    queryFn: ({ signal }) => compareAnalyses(id, otherId ?? '', signal),
    enabled: Boolean(otherId),
    staleTime: Infinity,
    retry: retryUnless404,
  });
}
