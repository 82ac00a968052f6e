import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, UpdateBillingRequest } from '@rankmaps/shared/schemas/profile';
import { api } from '@/lib/api-client';
import { applyProfile } from './apply-profile';

/** PUT /user/billing {billingData} → the profile. */
export const updateBillingData = (body: UpdateBillingRequest) => api<Profile>('/user/billing', { method: 'PUT', body });

export function useUpdateBillingData() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateBillingData, onSuccess: (data) => applyProfile(queryClient, data) });
}
