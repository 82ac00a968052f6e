import type { MessageResponse } from '@rankmaps/shared/schemas/common';
import { api } from '@/lib/api-client';
import { profileQueryKey } from '@/lib/auth/session';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';

export type RenewalOutcome = 'success' | 'failure';

/**
 * POST /sandbox/renewal: charges the next renewal now. Without an outcome it fails only
 * for "pay, then fail the renewal"; 'failure' declines it on demand.
 */
export const simulateRenewal = (outcome?: RenewalOutcome) =>
  api<MessageResponse>('/sandbox/renewal', { method: 'POST', body: outcome ? { outcome } : {} });

// The profile's key covers the subscription info and the payment history.
export const useSimulateRenewal = () => useInvalidatingMutation(simulateRenewal, [profileQueryKey]);
