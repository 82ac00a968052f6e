import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnalyzeAllPreview, AnalyzeAllResult } from '@rankmaps/shared/schemas/analyze-all';
import type { RankMapStatusResponse } from '@rankmaps/shared/schemas/rankmaps';
import { api } from '@/lib/api-client';
import { bulkKeys } from './keys';

/** POST /place/{id}/analyze-all/preview: the keywords, the points of each analysis and the total cost; starts nothing. */
export const previewAnalyzeAll = (placeId: string) => api<AnalyzeAllPreview>(`/place/${encodeURIComponent(placeId)}/analyze-all/preview`, { method: 'POST' });

/** POST /place/{id}/analyze-all: every keyword not already running, or none when the credits (or scans) fall short. */
export const startAnalyzeAll = (placeId: string) => api<AnalyzeAllResult>(`/place/${encodeURIComponent(placeId)}/analyze-all`, { method: 'POST' });

export function useAnalyzeAllPreview(placeId: string) {
  // Always fresh: the balance and what is running change between two openings.
  return useQuery({ queryKey: bulkKeys.analyzeAllPreview(placeId), queryFn: () => previewAnalyzeAll(placeId), staleTime: 0, gcTime: 0 });
}

/** keywordId → rankMapId of the analyses started from this page. */
export type StartedAnalyses = Record<string, string>;

export function useStartAnalyzeAll(placeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => startAnalyzeAll(placeId),
    onSuccess: (result) => {
      const started = Object.fromEntries(result.started.map((s) => [s.keywordId, s.rankMapId]));
      client.setQueryData<StartedAnalyses>(bulkKeys.started(placeId), (before) => ({ ...before, ...started }));
    },
  });
}

/** The analyses started for the place (none until «Analizar todas» runs). */
export function useStartedAnalyses(placeId: string) {
  return useQuery<StartedAnalyses>({ queryKey: bulkKeys.started(placeId), queryFn: () => ({}), staleTime: Infinity, gcTime: Infinity });
}

const finished = (s: RankMapStatusResponse | undefined) => s?.status === 'completed' || s?.status === 'failed';

/** GET /rankmap/{id}/status every 2 s until the analysis completes or fails. */
export function useAnalysisProgress(rankMapId: string | undefined) {
  return useQuery({
    queryKey: bulkKeys.status(rankMapId ?? ''),
    queryFn: () => api<RankMapStatusResponse>(`/rankmap/${encodeURIComponent(rankMapId ?? '')}/status`),
    enabled: Boolean(rankMapId),
    refetchInterval: (query) => (finished(query.state.data) ? false : 2000),
  });
}
