import type { MessageResponse } from '@rankmaps/shared/schemas/common';
import { api } from '@/lib/api-client';
import { profileQueryKey } from '@/lib/auth/session';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';

/** POST /payment/reactivate-subscription: undoes a pending cancellation. */
export const reactivateSubscription = () => api<MessageResponse>('/payment/reactivate-subscription', { method: 'POST' });

// The profile's key covers the subscription info and the payment history too.
export const useReactivateSubscription = () => useInvalidatingMutation(reactivateSubscription, [profileQueryKey]);
