import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** DELETE /keyword/{id}: with its analyses, results and scheduled scans. */
export const deleteKeyword = (id: string) => api<{ message: string }>(`/keyword/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteKeyword(onChanged: () => Promise<unknown>) {
  return useMutation({ mutationFn: deleteKeyword, onSuccess: onChanged });
}
