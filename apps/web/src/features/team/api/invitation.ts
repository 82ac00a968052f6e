import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AcceptInvitationInput, AcceptedInvitation, InvitationPreview } from './types';

// The public invitation page's calls (docs/decisions.md §30.7).

export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: ['invitation', token],
    queryFn: ({ signal }) =>
      api<InvitationPreview>(`/team/invitations/accept?${new URLSearchParams({ token }).toString()}`, { signal, retryOn401: false }),
    enabled: token !== '',
    retry: false,
  });
}

/** POST /api/team/invitations/accept: with the stored token when signed in, else creating the account. */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (body: AcceptInvitationInput) => api<AcceptedInvitation>('/team/invitations/accept', { method: 'POST', body }),
  });
}
