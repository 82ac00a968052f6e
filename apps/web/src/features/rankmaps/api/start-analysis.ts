import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnalyzeAdvancedRequest, AnalyzeResponse } from '@rankmaps/shared/schemas/rankmaps';
import { api } from '@/lib/api-client';
import { profileQueryKey } from '@/lib/auth/session';
import { rankmapsKeys } from './keys';

export type StartAnalysisRequest = { useWorker: true } | { scheduledFor: string };

/**
 * POST /rankmap/keyword/{keywordId}/analyze-advanced: queued now ({useWorker: true}) or at
 * `scheduledFor` (an ISO date, future and at most 15 days ahead). Answers 201 {rankMapId, …}.
 */
export const startAnalysis = (keywordId: string, body: StartAnalysisRequest) =>
  api<AnalyzeResponse>(`/rankmap/keyword/${encodeURIComponent(keywordId)}/analyze-advanced`, {
    method: 'POST',
    body: body satisfies AnalyzeAdvancedRequest,
  });

export function useStartAnalysis(keywordId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StartAnalysisRequest) => startAnalysis(keywordId, body),
    // The list gets the new entry before the page selects it; pro plans were charged credits now.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: rankmapsKeys.list(keywordId) }),
        queryClient.invalidateQueries({ queryKey: profileQueryKey }),
        queryClient.invalidateQueries({ queryKey: rankmapsKeys.scanQuota() }),
      ]),
  });
}
