import type { MessageResponse } from '@rankmaps/shared/schemas/common';
import { api } from '@/lib/api-client';
import { profileQueryKey } from '@/lib/auth/session';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';

/** POST /payment/change-plan/cancel: drops the move down scheduled for the end of the period; the plan goes on as it is. */
export const cancelScheduledChange = () => api<MessageResponse>('/payment/change-plan/cancel', { method: 'POST' });

// The profile's key covers the subscription info (and the plans page's copy of it).
export const useCancelScheduledChange = () => useInvalidatingMutation(cancelScheduledChange, [profileQueryKey]);
