import { useQuery } from '@tanstack/react-query';
import type { Place } from '@rankmaps/shared/schemas/places';
import { api } from '@/lib/api-client';
import { placesKeys } from './keys';

/** GET /place: the user's businesses. */
export const getPlaces = () => api<Place[]>('/place');

export function usePlaces() {
  return useQuery({ queryKey: placesKeys.list(), queryFn: getPlaces });
}
