import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscriptionInfo } from '@rankmaps/shared/schemas/billing';
import { api } from '@/lib/api-client';
import { profileQueryKey } from '@/lib/auth/session';

/** GET /payment/subscription-info: plan, subscription state, credits and the payment provider. */
export const getSubscriptionInfo = (signal?: AbortSignal) => api<SubscriptionInfo>('/payment/subscription-info', { signal });

export const subscriptionInfoQuery = () =>
  queryOptions({
    // Under the profile's key: whatever refreshes the profile (a payment, a plan change,
    // the dev parameters) refreshes this too.
    queryKey: [...profileQueryKey, 'subscription-info'],
    queryFn: ({ signal }) => getSubscriptionInfo(signal),
    staleTime: 30_000,
    // Back from the billing portal in another tab: show the new state.
    refetchOnWindowFocus: true,
  });

export function useSubscriptionInfo(enabled = true) {
  return useQuery({ ...subscriptionInfoQuery(), enabled });
}
