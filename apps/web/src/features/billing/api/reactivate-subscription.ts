import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '@rankmaps/shared/schemas/common';
import { api } from '@/lib/api-client';
import { profileQueryKey } from '@/lib/auth/session';

/** POST /payment/reactivate-subscription: undoes a pending cancellation. */
export const reactivateSubscription = () => api<MessageResponse>('/payment/reactivate-subscription', { method: 'POST' });

export function useReactivateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reactivateSubscription,
    // The profile's key covers the subscription info and the payment history too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
}
