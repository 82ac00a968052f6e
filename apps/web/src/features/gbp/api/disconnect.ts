import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { gbpKeys } from './keys';

/** DELETE /gbp/connection: forgets the stored tokens (the grant at Google stays until the user revokes it). */
export const disconnectGbp = () => api<{ message: string }>('/gbp/connection', { method: 'DELETE' });

export function useDisconnectGbp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectGbp,
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: gbpKeys.data() });
      await queryClient.invalidateQueries({ queryKey: gbpKeys.status() });
    },
  });
}
