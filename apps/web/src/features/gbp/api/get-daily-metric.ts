import { useQuery } from '@tanstack/react-query';
import type { GbpDailyResponse, GbpMetric } from '@rankmaps/shared/schemas/gbp';
import { api } from '@/lib/api-client';
import type { DateRange } from '../utils/date-window';
import { retryGbp } from '../utils/errors';
import { gbpKeys } from './keys';

/** GET /gbp/performance/daily: one entry per day of the range, values as int64 strings. */
export const getDailyMetric = (locationId: string, metric: GbpMetric, range: DateRange, signal?: AbortSignal) => {
  const qs = new URLSearchParams({ locationId, metric, startDate: range.startDate, endDate: range.endDate });
  return api<GbpDailyResponse>(`/gbp/performance/daily?${qs.toString()}`, { signal });
};

export function useDailyMetric(locationId: string | null, metric: GbpMetric, range: DateRange) {
  return useQuery({
    queryKey: gbpKeys.daily(locationId ?? '', metric, range.startDate, range.endDate),
    queryFn: ({ signal }) => getDailyMetric(locationId!, metric, range, signal),
    enabled: locationId !== null,
    // Past days do not change within a session.
    staleTime: 10 * 60_000,
    retry: retryGbp,
  });
}
