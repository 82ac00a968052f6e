import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Place } from '@rankmaps/shared/schemas/places';
import { api } from '@/lib/api-client';
import { placesKeys } from './keys';

/** PUT /place/{id}/refresh: fetches name, address, rating and reviews again from the provider. */
export const refreshPlace = (id: string) => api<Place>(`/place/${encodeURIComponent(id)}/refresh`, { method: 'PUT' });

export function useRefreshPlace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshPlace,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: placesKeys.all }),
  });
}
