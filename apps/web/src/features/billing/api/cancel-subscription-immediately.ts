import type { MessageResponse } from '@rankmaps/shared/schemas/common';
import { api } from '@/lib/api-client';
import { profileQueryKey } from '@/lib/auth/session';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';

/** POST /payment/cancel-subscription-immediately: ends the plan now, with no refund; the user is back on the free plan. */
export const cancelSubscriptionImmediately = () => api<MessageResponse>('/payment/cancel-subscription-immediately', { method: 'POST' });

// The profile's key covers the subscription info and the payment history too.
export const useCancelSubscriptionImmediately = () => useInvalidatingMutation(cancelSubscriptionImmediately, [profileQueryKey]);
