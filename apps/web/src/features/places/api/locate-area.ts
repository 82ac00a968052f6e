import { useQuery } from '@tanstack/react-query';
import type { LocatedArea } from '@rankmaps/shared/schemas/places';
import { api } from '@/lib/api-client';

/** GET /places/locate: cities or addresses to centre a service area on. */
export const locateArea = (input: string, signal?: AbortSignal) =>
  api<{ results: LocatedArea[] }>(`/places/locate?input=${encodeURIComponent(input)}`, { signal }).then((r) => r.results);

export function useLocateArea(input: string) {
  const text = input.trim();
  return useQuery({
    queryKey: ['places', 'locate', text],
    queryFn: ({ signal }) => locateArea(text, signal),
    enabled: text.length >= 2,
    staleTime: 5 * 60_000,
  });
}
