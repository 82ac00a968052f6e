import { useQuery } from '@tanstack/react-query';
import type { PlacePreview } from '@rankmaps/shared/schemas/places';
import { api } from '@/lib/api-client';

/** GET /places/details: a picked business's location, before it is added. */
export const getPlacePreview = (placeId: string, sessionToken: string) =>
  api<PlacePreview>(`/places/details?placeId=${encodeURIComponent(placeId)}&sessionToken=${encodeURIComponent(sessionToken)}`);

export function usePlacePreview(placeId: string | null, sessionToken: string) {
  return useQuery({
    queryKey: ['places', 'preview', placeId],
    queryFn: () => getPlacePreview(placeId ?? '', sessionToken),
    enabled: Boolean(placeId),
    staleTime: Infinity,
    retry: false,
  });
}
