import { useQuery } from '@tanstack/react-query';
import type { CreditForecastResponse } from '@rankmaps/shared/schemas/credit-forecast';
import { api } from '@/lib/api-client';
import { rankmapsKeys } from './keys';

/** GET /rankmap/credit-forecast: the next 7 days' scheduled work against the credits (docs/decisions.md §23.4). */
export const getCreditForecast = (signal?: AbortSignal) => api<CreditForecastResponse>('/rankmap/credit-forecast', { signal });

/** The credit forecast; only pro plans pay credits, so only they ask. */
export function useCreditForecast(enabled = true) {
  return useQuery({ queryKey: rankmapsKeys.creditForecast(), queryFn: ({ signal }) => getCreditForecast(signal), enabled, staleTime: 60_000 });
}
