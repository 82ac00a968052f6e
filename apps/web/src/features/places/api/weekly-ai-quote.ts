import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { WeeklyAiQuote, WeeklyAiQuoteRequest } from '@rankmaps/shared/schemas/places';
import { api } from '@/lib/api-client';
import { placesKeys } from './keys';

/**
 * POST /place/{id}/schedule/ai-quote: what the weekly scan's AI visibility costs a round at these
 * settings, in the server's credits and euros (docs/decisions.md §31.16). Nothing is stored. The
 * previous answer stays on screen while the next loads; no engine ticked asks nothing.
 */
export function useWeeklyAiQuote(placeId: string, ai: WeeklyAiQuoteRequest['ai'] | null) {
  const body = ai ? JSON.stringify(ai) : '';
  return useQuery({
    queryKey: [...placesKeys.detail(placeId), 'ai-quote', body] as const,
    queryFn: ({ signal }) => api<WeeklyAiQuote>(`/place/${encodeURIComponent(placeId)}/schedule/ai-quote`, { method: 'POST', body: { ai }, signal }),
    enabled: ai !== null && ai.engines.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
