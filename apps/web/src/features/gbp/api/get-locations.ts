import { useQuery } from '@tanstack/react-query';
import type { GbpLocationsResponse } from '@rankmaps/shared/schemas/gbp';
import { api } from '@/lib/api-client';
import { retryGbp } from '../utils/errors';
import { gbpKeys } from './keys';

/** GET /gbp/locations: the connected accounts and their locations ('locations/…'). */
export const getLocations = (signal?: AbortSignal) => api<GbpLocationsResponse>('/gbp/locations', { signal });

export function useGbpLocations(enabled: boolean) {
  return useQuery({
    queryKey: gbpKeys.locations(),
    queryFn: ({ signal }) => getLocations(signal),
    enabled,
    // The server keeps the list 5 minutes; asking again sooner brings nothing new.
    staleTime: 5 * 60_000,
    retry: retryGbp,
  });
}
