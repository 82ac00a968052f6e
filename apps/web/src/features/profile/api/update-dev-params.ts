import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DevParamsRequest, Profile } from '@rankmaps/shared/schemas/profile';
import { api } from '@/lib/api-client';
import { applyProfile } from './apply-profile';

/** PUT /user/dev-params: plan limits and credit balances, only while developer tools are on. */
export const updateDevParams = (body: DevParamsRequest) => api<Profile>('/user/dev-params', { method: 'PUT', body });

export function useUpdateDevParams() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateDevParams, onSuccess: (data) => applyProfile(queryClient, data) });
}
