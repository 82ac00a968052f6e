import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { profileQueryKey } from '@/lib/auth/session';
import { placesKeys } from './keys';

/** DELETE /place/{id}: removes the business with its keywords, analyses and scheduled scans. */
export const deletePlace = (id: string) => api<{ message: string }>(`/place/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeletePlace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePlace,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: placesKeys.all }),
        queryClient.invalidateQueries({ queryKey: profileQueryKey }),
      ]);
    },
  });
}
