import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlansResponse } from '@rankmaps/shared/schemas/billing';
import { api } from '@/lib/api-client';

export const plansQuery = queryOptions({
  queryKey: ['plans'],
  queryFn: () => api<PlansResponse>('/plans'),
  staleTime: 5 * 60_000,
});

/** The catalogue with the payment provider's price ids (GET /api/plans). */
export function usePlans() {
  return useQuery(plansQuery);
}
