import { useQuery } from '@tanstack/react-query';
import type { GbpKeywordsResponse } from '@rankmaps/shared/schemas/gbp';
import { api } from '@/lib/api-client';
import { retryGbp } from '../utils/errors';
import { gbpKeys } from './keys';

/** GET /gbp/performance/keywords: the last complete month's search keywords, each with a value or a threshold. */
export const getKeywords = (locationId: string, signal?: AbortSignal) =>
  api<GbpKeywordsResponse>(`/gbp/performance/keywords?${new URLSearchParams({ locationId }).toString()}`, { signal });

export function useGbpKeywords(locationId: string | null) {
  return useQuery({
    queryKey: gbpKeys.keywords(locationId ?? ''),
    queryFn: ({ signal }) => getKeywords(locationId!, signal),
    enabled: locationId !== null,
    staleTime: 10 * 60_000,
    retry: retryGbp,
  });
}
