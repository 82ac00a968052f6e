import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CoastlineBox, CoastlineResponse } from '@rankmaps/shared/schemas/geo';
import { api } from '@/lib/api-client';

/** GET /geo/coastline: the coastline near a box (at most 1.5° a side), as [lat, lng] polylines. */
export const getCoastline = (box: CoastlineBox, signal?: AbortSignal) => {
  const query = new URLSearchParams({ south: String(box.south), west: String(box.west), north: String(box.north), east: String(box.east) });
  return api<CoastlineResponse>(`/geo/coastline?${query.toString()}`, { signal });
};

export const coastlineQuery = (box: CoastlineBox) =>
  queryOptions({
    queryKey: ['coastline', box] as const,
    queryFn: ({ signal }) => getCoastline(box, signal),
    // The coastline does not change.
    staleTime: Infinity,
    // A new box (a bigger grid) keeps the previous outline until its own arrives.
    placeholderData: keepPreviousData,
    select: (data) => data.lines,
  });

/** The coastline of `box`, fetched only while `box` is given (the basemap failed to load). */
export function useCoastline(box: CoastlineBox | null) {
  return useQuery({ ...coastlineQuery(box ?? { south: 0, west: 0, north: 0, east: 0 }), enabled: box !== null });
}
