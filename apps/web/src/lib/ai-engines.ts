import { useQuery } from '@tanstack/react-query';
import type { AiEnginesResponse } from '@rankmaps/shared/schemas/ai-visibility';
import { api } from './api-client';

/** The query key of the AI engines: the AI-visibility feature's, so every screen shares one answer. */
export const aiEnginesQueryKey = ['ai-visibility', 'engines'] as const;

/** GET /ai-visibility/engines: each engine, whether it can run on this server (and why not) and its credits per call. */
export function useAiEngines() {
  return useQuery({ queryKey: aiEnginesQueryKey, queryFn: ({ signal }) => api<AiEnginesResponse>('/ai-visibility/engines', { signal }), staleTime: 60_000 });
}
