import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '@rankmaps/shared/schemas/profile';
import { api } from '@/lib/api-client';
import { applyProfile } from './apply-profile';

/** DELETE /user/profile-picture → the updated profile. */
export const deleteProfilePicture = () => api<Profile>('/user/profile-picture', { method: 'DELETE' });

export function useDeleteProfilePicture() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteProfilePicture, onSuccess: (data) => applyProfile(queryClient, data) });
}
