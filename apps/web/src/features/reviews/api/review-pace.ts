import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ListingChangesResponse, ReviewPaceResponse } from '@rankmaps/shared/schemas/review-pace';
import { api } from '@/lib/api-client';

// «Reseñas» (docs/decisions.md §32): a business's review pace and the changes its scans saw in its listing.

export const reviewsKeys = {
  all: ['reviews'] as const,
  pace: (placeId: string) => [...reviewsKeys.all, 'pace', placeId] as const,
  listing: (placeId: string) => [...reviewsKeys.all, 'listing', placeId] as const,
};

export function useReviewPace(placeId: string | undefined) {
  return useQuery({
    queryKey: reviewsKeys.pace(placeId ?? ''),
    queryFn: ({ signal }) => api<ReviewPaceResponse>(`/place/${placeId}/review-pace`, { signal }),
    enabled: Boolean(placeId),
  });
}

export function useListingChanges(placeId: string | undefined) {
  return useInfiniteQuery({
    queryKey: reviewsKeys.listing(placeId ?? ''),
    queryFn: ({ pageParam, signal }) =>
      api<ListingChangesResponse>(`/place/${placeId}/listing-changes${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
    enabled: Boolean(placeId),
  });
}
