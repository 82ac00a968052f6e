import { useQuery } from '@tanstack/react-query';
import type { Keyword } from '@rankmaps/shared/schemas/keywords';
import { api } from '@/lib/api-client';
import { rankmapsKeys, retryUnless404 } from './keys';

/** GET /keyword/{id}: the keyword with its place populated (name, time zone, schedule). */
export const getKeyword = (id: string, signal?: AbortSignal) => api<Keyword>(`/keyword/${encodeURIComponent(id)}`, { signal });

export function useKeyword(id: string) {
  return useQuery({
    queryKey: rankmapsKeys.keyword(id),
    queryFn: ({ signal }) => getKeyword(id, signal),
    enabled: Boolean(id),
    retry: retryUnless404,
  });
}
