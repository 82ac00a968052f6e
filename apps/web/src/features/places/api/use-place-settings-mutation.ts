import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Place } from '@rankmaps/shared/schemas/places';
import { placesKeys } from './keys';

/**
 * A PUT of one of the place's settings (market, schedule) that answers with the place: its page
 * takes the answer at once, keeping the keywords it already holds (the answer carries none), and
 * the list is read again.
 */
export function usePlaceSettingsMutation<TBody>(id: string, update: (id: string, body: TBody) => Promise<Place>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TBody) => update(id, body),
    onSuccess: (place) => {
      queryClient.setQueryData(placesKeys.detail(id), (old: Place | undefined) => (old ? { ...place, keywords: old.keywords } : place));
      return queryClient.invalidateQueries({ queryKey: placesKeys.list() });
    },
  });
}
