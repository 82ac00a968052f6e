import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '@rankmaps/shared/schemas/common';
import { api } from '@/lib/api-client';
import { profileQueryKey } from '@/lib/auth/session';

/** POST /payment/cancel-subscription: cancels at the end of the period; the plan stays until then. */
export const cancelSubscription = () => api<MessageResponse>('/payment/cancel-subscription', { method: 'POST' });

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    // The profile's key covers the subscription info and the payment history too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
}
