import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '@rankmaps/shared/schemas/profile';
import { api } from '@/lib/api-client';
import { applyProfile } from './apply-profile';

/** PUT /user as multipart: name, options (JSON) and profilePictureOld or the file profilePicture. */
export const updateProfile = (form: FormData) => api<Profile>('/user', { method: 'PUT', body: form });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateProfile, onSuccess: (data) => applyProfile(queryClient, data) });
}
