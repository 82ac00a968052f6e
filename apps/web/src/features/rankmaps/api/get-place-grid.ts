import { useQuery } from '@tanstack/react-query';
import type { Place } from '@rankmaps/shared/schemas/places';
import { api } from '@/lib/api-client';
import { validPointCount } from '../utils/analysis-logic';
import { businessPoint } from '../utils/business-point';
import { rankmapsKeys } from './keys';

/** GET /place/{id}: read here only for its grid, whose valid points an analysis costs on pro plans. */
export const getPlaceGrid = (placeId: string, signal?: AbortSignal) => api<Place>(`/place/${encodeURIComponent(placeId)}`, { signal });

/** The number of valid points in the place's grid (1 credit each on pro plans). */
export function usePlaceValidPoints(placeId: string, enabled = true) {
  return useQuery({
    queryKey: rankmapsKeys.placeGrid(placeId),
    queryFn: ({ signal }) => getPlaceGrid(placeId, signal),
    enabled: enabled && Boolean(placeId),
    select: (place) => validPointCount(place.coordinatesMatrix),
    staleTime: 60_000,
  });
}

/**
 * The business's own point, marked on the results map; null while loading and for a
 * service-area business with no point of its own (docs/decisions.md §22.3).
 */
export function usePlaceLocation(placeId: string) {
  return useQuery({
    queryKey: rankmapsKeys.placeGrid(placeId),
    queryFn: ({ signal }) => getPlaceGrid(placeId, signal),
    enabled: Boolean(placeId),
    select: businessPoint,
    staleTime: 60_000,
  });
}
