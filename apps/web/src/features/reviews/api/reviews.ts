import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Review, ReviewTemplate, ReviewTemplateBody, ReviewsResponse, ReviewsSummary } from '@rankmaps/shared/schemas/reviews';
import { ApiError, api } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';
import { type ReviewFilters, reviewsSearch } from '../utils/reviews-view';
import { reviewsKeys } from './review-pace';

// The Google reviews of a business with its Business Profile connected, their replies and the
// workspace's reply templates (docs/decisions.md §32). No optimistic updates: each change
// refetches what it touched, so the screen shows what Google and the server hold.

const placeReviews = (placeId: string) => `/place/${encodeURIComponent(placeId)}/reviews`;

export const reviewKeys = {
  place: (placeId: string) => [...reviewsKeys.all, 'gbp', placeId] as const,
  summary: (placeId: string) => [...reviewKeys.place(placeId), 'summary'] as const,
  list: (placeId: string, filters: ReviewFilters) => [...reviewKeys.place(placeId), 'list', filters] as const,
  templates: [...reviewsKeys.all, 'templates'] as const,
};

/** The 409 the reviews routes answer while the business has no Business Profile connected. */
export const isGbpNotConnected = (err: unknown) => err instanceof ApiError && err.code === 'GBP_NOT_CONNECTED';

/** The 409 when the connection expired: connecting again, not retrying, is the way out. */
export const isGbpReconnectRequired = (err: unknown) => err instanceof ApiError && err.code === 'GBP_RECONNECT_REQUIRED';

// A refusal (4xx) is the answer, not a blip: retrying it only delays the connect prompt.
const retryServerErrors = (count: number, err: unknown) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2;

export function useReviewsSummary(placeId: string) {
  return useQuery({
    queryKey: reviewKeys.summary(placeId),
    queryFn: ({ signal }) => api<ReviewsSummary>(`${placeReviews(placeId)}/summary`, { signal }),
    retry: retryServerErrors,
    // While a sync runs, look again until it ends (its figures change when it does).
    refetchInterval: (query) => (query.state.data?.sync.state === 'running' ? 3000 : false),
  });
}

export function useReviews(placeId: string, filters: ReviewFilters, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: reviewKeys.list(placeId, filters),
    queryFn: ({ pageParam, signal }) => api<ReviewsResponse>(`${placeReviews(placeId)}${reviewsSearch(filters, pageParam)}`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
    retry: retryServerErrors,
    enabled,
  });
}

export const useSyncReviews = (placeId: string) =>
  useInvalidatingMutation(() => api<unknown>(`${placeReviews(placeId)}/sync`, { method: 'POST' }), [reviewKeys.summary(placeId)]);

const replyPath = (placeId: string, reviewId: string) => `${placeReviews(placeId)}/${encodeURIComponent(reviewId)}/reply`;

export const useSaveReply = (placeId: string) =>
  useInvalidatingMutation(
    ({ reviewId, comment }: { reviewId: string; comment: string }) =>
      api<Review>(replyPath(placeId, reviewId), { method: 'PUT', body: { comment } }),
    [reviewKeys.place(placeId)],
  );

export const useDeleteReply = (placeId: string) =>
  useInvalidatingMutation((reviewId: string) => api<void>(replyPath(placeId, reviewId), { method: 'DELETE' }), [reviewKeys.place(placeId)]);

export function useReviewTemplates() {
  return useQuery({
    queryKey: reviewKeys.templates,
    queryFn: ({ signal }) => api<{ items: ReviewTemplate[] }>('/review-templates', { signal }),
  });
}

const templatePath = (id: string) => `/review-templates/${encodeURIComponent(id)}`;

export const useCreateTemplate = () =>
  useInvalidatingMutation(
    (body: ReviewTemplateBody) => api<ReviewTemplate>('/review-templates', { method: 'POST', body }),
    [reviewKeys.templates],
  );

export const useUpdateTemplate = () =>
  useInvalidatingMutation(
    ({ id, body }: { id: string; body: ReviewTemplateBody }) => api<ReviewTemplate>(templatePath(id), { method: 'PUT', body }),
    [reviewKeys.templates],
  );

export const useDeleteTemplate = () =>
  useInvalidatingMutation((id: string) => api<void>(templatePath(id), { method: 'DELETE' }), [reviewKeys.templates]);
