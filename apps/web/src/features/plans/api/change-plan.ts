import { useMutation } from '@tanstack/react-query';
import type { PlanChangePreview } from '@rankmaps/shared/schemas/billing';
import type { MessageResponse } from '@rankmaps/shared/schemas/common';
import { api } from '@/lib/api-client';
import { profileQueryKey } from '@/lib/auth/session';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';

/** POST /payment/change-plan/preview: what moving to `priceId` charges now and what changes; changes nothing. */
export const previewPlanChange = (priceId: string) =>
  api<PlanChangePreview>('/payment/change-plan/preview', { method: 'POST', body: { priceId } });

/** POST /payment/change-plan: moves up at once, charged pro rata, or schedules a move down for the end of the period. */
export const changePlan = (priceId: string) => api<MessageResponse>('/payment/change-plan', { method: 'POST', body: { priceId } });

export function usePlanChangePreview() {
  return useMutation({ mutationFn: previewPlanChange });
}

// The profile's key covers the plan limits, the subscription info and the payment history.
export const useChangePlan = () => useInvalidatingMutation(changePlan, [profileQueryKey]);
