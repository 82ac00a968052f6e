import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api, apiDownload } from '@/lib/api-client';
import { type ActivityFilters, activityQueryString } from '../utils/activity-query';
import type { ActivityPage } from './types';

// «Actividad» (docs/decisions.md §30.7): the log a page at a time, and its CSV with the same filters.

export const activityKeys = { all: ['activity'] as const };

export function useActivity(filters: ActivityFilters) {
  return useInfiniteQuery({
    queryKey: [...activityKeys.all, activityQueryString(filters)],
    queryFn: ({ pageParam, signal }) => api<ActivityPage>(`/activity${activityQueryString(filters, pageParam)}`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/activity.csv with the stored token (a plain link would carry no Authorization header). */
export const downloadActivityCsv = (filters: ActivityFilters) =>
  apiDownload(`/activity.csv${activityQueryString(filters)}`, 'actividad.csv');
