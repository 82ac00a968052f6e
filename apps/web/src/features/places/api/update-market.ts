import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarketRequest, Place } from '@rankmaps/shared/schemas/places';
import { api } from '@/lib/api-client';
import { placesKeys } from './keys';

/** PUT /place/{id}/market: the country and language the place's searches are made in. */
export const updateMarket = (id: string, body: MarketRequest) => api<Place>(`/place/${encodeURIComponent(id)}/market`, { method: 'PUT', body });

export function useUpdateMarket(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MarketRequest) => updateMarket(id, body),
    onSuccess: (place) => {
      queryClient.setQueryData(placesKeys.detail(id), (old: Place | undefined) => (old ? { ...place, keywords: old.keywords } : place));
      return queryClient.invalidateQueries({ queryKey: placesKeys.list() });
    },
  });
}
