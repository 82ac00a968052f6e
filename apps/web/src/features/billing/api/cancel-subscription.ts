import type { MessageResponse } from '@rankmaps/shared/schemas/common';
import { api } from '@/lib/api-client';
import { profileQueryKey } from '@/lib/auth/session';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';

/** POST /payment/cancel-subscription: cancels at the end of the period; the plan stays until then. */
export const cancelSubscription = () => api<MessageResponse>('/payment/cancel-subscription', { method: 'POST' });

// The profile's key covers the subscription info and the payment history too.
export const useCancelSubscription = () => useInvalidatingMutation(cancelSubscription, [profileQueryKey]);
