import { useQuery } from '@tanstack/react-query';
import type { Place } from '@rankmaps/shared/schemas/places';
import { api } from '@/lib/api-client';
import { placesKeys } from './keys';

/** GET /place/{id}?withKeywords=true: one business with its keywords. */
export const getPlace = (id: string) => api<Place>(`/place/${encodeURIComponent(id)}?withKeywords=true`);

export function usePlace(id: string | undefined) {
  return useQuery({
    queryKey: placesKeys.detail(id ?? ''),
    queryFn: () => getPlace(id ?? ''),
    enabled: Boolean(id),
    // A 404 is an answer, not a hiccup: the page redirects at once instead of retrying.
    retry: (count, err) => (err as { status?: number }).status !== 404 && count < 2,
  });
}
