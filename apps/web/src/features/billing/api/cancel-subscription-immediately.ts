import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '@rankmaps/shared/schemas/common';
import { api } from '@/lib/api-client';
import { profileQueryKey } from '@/lib/auth/session';

/** POST /payment/cancel-subscription-immediately: ends the plan now, with no refund; the user is back on the free plan. */
export const cancelSubscriptionImmediately = () => api<MessageResponse>('/payment/cancel-subscription-immediately', { method: 'POST' });

export function useCancelSubscriptionImmediately() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscriptionImmediately,
    // The profile's key covers the subscription info and the payment history too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
}
