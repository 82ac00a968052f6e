import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { profileQueryKey } from '@/lib/auth/session';
import { rankmapsKeys } from './keys';

/** DELETE /rankmap/scheduled/{id}: cancels a scheduled analysis that has not started (409 once it has). */
export const deleteScheduledAnalysis = (id: string) =>
  api<{ message: string }>(`/rankmap/scheduled/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteScheduledAnalysis(keywordId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteScheduledAnalysis,
    // A basic plan gets its month's scan back, which the profile's limits reflect.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: rankmapsKeys.list(keywordId) }),
        queryClient.invalidateQueries({ queryKey: profileQueryKey }),
        queryClient.invalidateQueries({ queryKey: rankmapsKeys.scanQuota() }),
      ]),
    // Even a refusal (it started meanwhile) means the list is out of date.
    onError: () => queryClient.invalidateQueries({ queryKey: rankmapsKeys.list(keywordId) }),
  });
}
