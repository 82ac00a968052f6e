import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';
import type { ClientList } from '@rankmaps/shared/schemas/workspace';
import type { Invitation, InvitationInput, InvitationList, MemberChange, MemberList, TeamMember } from './types';
import { workspacesKey } from '@/lib/workspace/workspaces-query';

// «Equipo»: members, invitations and the ownership transfer (docs/decisions.md §30.7).

export const teamKeys = {
  all: ['team'] as const,
  members: ['team', 'members'] as const,
  invitations: ['team', 'invitations'] as const,
};

export function useMembers(enabled = true) {
  return useQuery({ queryKey: teamKeys.members, queryFn: ({ signal }) => api<MemberList>('/team/members', { signal }), enabled });
}

export function useInvitations() {
  return useQuery({ queryKey: teamKeys.invitations, queryFn: ({ signal }) => api<InvitationList>('/team/invitations', { signal }) });
}

const member = (userId: string) => `/team/members/${encodeURIComponent(userId)}`;
const invitation = (id: string) => `/team/invitations/${encodeURIComponent(id)}`;

export const useChangeMember = () =>
  useInvalidatingMutation(
    ({ userId, change }: { userId: string; change: MemberChange }) => api<TeamMember>(member(userId), { method: 'PUT', body: change }),
    [teamKeys.members],
  );

export const useRemoveMember = () =>
  useInvalidatingMutation((userId: string) => api<void>(member(userId), { method: 'DELETE' }), [teamKeys.members]);

export const useInvite = () =>
  useInvalidatingMutation(
    (body: InvitationInput) => api<Invitation>('/team/invitations', { method: 'POST', body }),
    [teamKeys.invitations, teamKeys.members],
  );

export const useRevokeInvitation = () =>
  useInvalidatingMutation((id: string) => api<void>(invitation(id), { method: 'DELETE' }), [teamKeys.invitations]);

export const useResendInvitation = () =>
  useInvalidatingMutation((id: string) => api<Invitation>(`${invitation(id)}/resend`, { method: 'POST' }), [teamKeys.invitations]);

/** The owner hands the workspace to a member; it waits until they accept from their e-mail. */
export const useTransferOwnership = () =>
  useInvalidatingMutation(
    (userId: string) => api<void>('/team/ownership-transfer', { method: 'POST', body: { userId } }),
    [teamKeys.members, workspacesKey],
  );

/**
 * The workspace's clients, to assign to a member or an invitation: GET /api/clients, the list
 * «Clientes» keeps (features never import each other, so the team screens ask for it themselves).
 */
export function useAssignableClients() {
  return useQuery({ queryKey: [...teamKeys.all, 'clients'], queryFn: ({ signal }) => api<ClientList>('/clients', { signal }) });
}
