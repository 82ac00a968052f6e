import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { profileQueryKey } from '@/lib/auth/session';
import { rankmapsKeys } from './keys';

/** DELETE /rankmap/{id}: the analysis and its results (what an unfinished one had not searched is refunded). */
export const deleteAnalysis = (id: string) => api<{ message: string }>(`/rankmap/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteAnalysis(keywordId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAnalysis,
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: rankmapsKeys.detail(id) });
      queryClient.removeQueries({ queryKey: rankmapsKeys.status(id) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: rankmapsKeys.list(keywordId) }),
        queryClient.invalidateQueries({ queryKey: rankmapsKeys.trend(keywordId) }),
        queryClient.invalidateQueries({ queryKey: profileQueryKey }),
        queryClient.invalidateQueries({ queryKey: rankmapsKeys.scanQuota() }),
      ]);
    },
  });
}
