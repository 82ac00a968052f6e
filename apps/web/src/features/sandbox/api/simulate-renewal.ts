import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '@rankmaps/shared/schemas/common';
import { api } from '../../../lib/api-client';
import { profileQueryKey } from '../../../lib/auth/session';

/** POST /sandbox/renewal: charges the next renewal now (it fails for "pay, then fail the renewal"). */
export const simulateRenewal = () => api<MessageResponse>('/sandbox/renewal', { method: 'POST' });

export function useSimulateRenewal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: simulateRenewal,
    // The profile's key covers the subscription info and the payment history.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
}
