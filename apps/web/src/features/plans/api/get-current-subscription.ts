import { useQuery } from '@tanstack/react-query';
import type { SubscriptionInfo } from '@rankmaps/shared/schemas/billing';
import { api } from '@/lib/api-client';
import { profileQueryKey } from '@/lib/auth/session';

/**
 * GET /payment/subscription-info, for the plans page to know the subscriber's plan and period.
 * The same key as the billing feature's query (features may not import each other), so both
 * share one cache entry and a plan change refreshes both.
 */
export function useCurrentSubscription(enabled: boolean) {
  return useQuery({
    queryKey: [...profileQueryKey, 'subscription-info'],
    queryFn: ({ signal }) => api<SubscriptionInfo>('/payment/subscription-info', { signal }),
    staleTime: 30_000,
    enabled,
  });
}
