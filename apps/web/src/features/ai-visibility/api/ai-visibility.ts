import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AiAnalysisResponse,
  AiAnalysisSummary,
  AiCompareResponse,
  AiCreatedResponse,
  AiPointsResponse,
  AiQuoteResponse,
} from '@rankmaps/shared/schemas/ai-visibility';
import type { Keyword } from '@rankmaps/shared/schemas/keywords';
import { api } from '@/lib/api-client';
import { profileQueryKey } from '@/lib/auth/session';

// The session API of AI-visibility analyses (docs/api.md «AI visibility»): one file, since each
// call is a line or two and they share their query keys.

export const aiKeys = {
  all: ['ai-visibility'] as const,
  keyword: (id: string) => [...aiKeys.all, 'keyword', id] as const,
  history: (keywordId: string) => [...aiKeys.all, 'history', keywordId] as const,
  detail: (id: string) => [...aiKeys.all, 'detail', id] as const,
  points: (id: string) => [...aiKeys.all, 'points', id] as const,
  compare: (id: string, otherId: string) => [...aiKeys.all, 'compare', id, otherId] as const,
};

/** A 404 is an answer, not a hiccup: no retries, the page says so at once. */
const retryUnless404 = (count: number, err: unknown) => (err as { status?: number }).status !== 404 && count < 2;

/** GET /keyword/{id}: the keyword with its place (name, address), for the page's header. */
export function useAiKeyword(id: string) {
  return useQuery({ queryKey: aiKeys.keyword(id), queryFn: ({ signal }) => api<Keyword>(`/keyword/${encodeURIComponent(id)}`, { signal }), retry: retryUnless404 });
}

/** While an analysis runs, its figures are asked again this often. */
export const AI_POLL_MS = 2000;
const isRunning = (status: string | undefined) => status === 'pending' || status === 'processing';

export interface AiScanBody {
  engines: string[];
  gridSize: number;
  samples: number;
}

// The engines are asked through the one hook every screen shares.
export { useAiEngines } from '@/lib/ai-engines';

/** The keyword's AI analyses, newest first (the first 100: a keyword rarely has more). Polled while one runs. */
export function useAiHistory(keywordId: string) {
  return useQuery({
    queryKey: aiKeys.history(keywordId),
    queryFn: ({ signal }) => api<{ data: AiAnalysisSummary[]; nextCursor: string | null }>(`/ai-visibility/keyword/${encodeURIComponent(keywordId)}?limit=100`, { signal }),
    refetchInterval: (query) => (query.state.data?.data.some((a) => isRunning(a.status)) ? AI_POLL_MS : false),
    retry: retryUnless404,
  });
}

/** One analysis with its status, progress and figures; polled every 2 s until it finishes. */
export function useAiAnalysis(id: string | null) {
  return useQuery({
    queryKey: aiKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api<AiAnalysisResponse>(`/ai-visibility/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: Boolean(id),
    refetchInterval: (query) => (query.state.data === undefined || isRunning(query.state.data.status) ? AI_POLL_MS : false),
    refetchIntervalInBackground: true,
    retry: retryUnless404,
  });
}

/** Every answer of a completed analysis: they never change once it has finished. */
export function useAiPoints(id: string, enabled: boolean) {
  return useQuery({
    queryKey: aiKeys.points(id),
    queryFn: ({ signal }) => api<AiPointsResponse>(`/ai-visibility/${encodeURIComponent(id)}/points`, { signal }),
    enabled,
    staleTime: Infinity,
    retry: retryUnless404,
  });
}

export function useAiComparison(id: string, otherId: string | null) {
  return useQuery({
    queryKey: aiKeys.compare(id, otherId ?? ''),
    queryFn: ({ signal }) => api<AiCompareResponse>(`/ai-visibility/${encodeURIComponent(id)}/compare/${encodeURIComponent(otherId ?? '')}`, { signal }),
    enabled: Boolean(otherId),
    staleTime: Infinity,
    retry: retryUnless404,
  });
}

const scanPath = (keywordId: string) => `/ai-visibility/keyword/${encodeURIComponent(keywordId)}/scan`;

/** The quote (dryRun: true): nothing is created or charged. */
export function useAiQuote(keywordId: string, body: AiScanBody) {
  return useQuery({
    queryKey: [...aiKeys.all, 'quote', keywordId, body] as const,
    queryFn: ({ signal }) => api<AiQuoteResponse>(scanPath(keywordId), { method: 'POST', body: { ...body, dryRun: true }, signal }),
    enabled: body.engines.length > 0,
    retry: false,
  });
}

/** Launches the analysis: credits are reserved now, so the balance and the history are read again. */
export function useStartAiScan(keywordId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AiScanBody) => api<AiCreatedResponse>(scanPath(keywordId), { method: 'POST', body }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: aiKeys.history(keywordId) }), queryClient.invalidateQueries({ queryKey: profileQueryKey })]),
  });
}
