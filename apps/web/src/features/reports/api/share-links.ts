import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatedShareLink, ShareLink, ShareLinkList, ShareScope } from '@rankmaps/shared/schemas/share-links';
import { api } from '@/lib/api-client';

/** Query keys of the reports feature. */
export const reportsKeys = {
  all: ['reports'] as const,
  shareLinks: (scope: ShareScope, targetId: string) => [...reportsKeys.all, 'share-links', scope, targetId] as const,
};

/** GET /share-links: the owner's links of one report (docs/reports.md "Share links"). */
export function useShareLinks(scope: ShareScope, targetId: string) {
  return useQuery({
    queryKey: reportsKeys.shareLinks(scope, targetId),
    queryFn: ({ signal }) => api<ShareLinkList>(`/share-links?${new URLSearchParams({ scope, targetId }).toString()}`, { signal }),
  });
}

export function useCreateShareLink(scope: ShareScope, targetId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (expiresInDays: 30 | 90 | null) => api<CreatedShareLink>('/share-links', { method: 'POST', body: { scope, targetId, expiresInDays } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportsKeys.shareLinks(scope, targetId) }),
  });
}

export function useRevokeShareLink(scope: ShareScope, targetId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<ShareLink>(`/share-links/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportsKeys.shareLinks(scope, targetId) }),
  });
}
