import { type CreateInvitationBody, INVITATION_NOT_FOUND, INVITATION_TTL_DAYS, type Invitation, type InvitationList } from '@rankmaps/shared/schemas/team';
import type { DbOrTx } from '../../db/client';
import { conflict, notFound } from '../../errors';
import { isUuid } from '../../lib/uuid';
import { generateToken, hashToken } from '../auth/tokens';
import { queueEmail } from '../mail/mail.service';
import { usersRepository } from '../users/users.repository';
import { type TeamDeps, requireOwnClients } from './members.service';
import { requireFreeSeat, workspacePlan } from './seats';
import { invitationEmail } from './team-mail';
import { type InvitationRow, teamRepository } from './team.repository';

// Invitations (docs/api.md «Equipo», docs/decisions.md §30.3): a single-use link valid
// INVITATION_TTL_DAYS, of which only the hash is kept; the e-mail commits with the row.

export const ALREADY_MEMBER = 'Esa dirección ya es miembro de este espacio de trabajo.';
export const ALREADY_INVITED = 'Ya hay una invitación pendiente para esa dirección: puedes reenviarla.';

const expiryFrom = (now: Date) => new Date(now.getTime() + INVITATION_TTL_DAYS * 86_400_000);

export function presentInvitation(row: InvitationRow, invitedByName: string | null, now = new Date()): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    clientIds: [...row.clientIds],
    invitedByName,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    expired: row.expiresAt.getTime() <= now.getTime(),
  };
}

export async function listInvitations(container: TeamDeps, workspaceId: string): Promise<InvitationList> {
  const rows = await teamRepository.listOpenInvitations(container.database.db, workspaceId);
  return { items: rows.map((r) => presentInvitation(r.invitation, r.invitedByName)) };
}

/** Queues the invitation's e-mail with its link, in the caller's transaction. */
async function sendInvitation(container: TeamDeps, tx: DbOrTx, invitation: InvitationRow, token: string, inviterId: string) {
  const [workspace, inviter] = await Promise.all([teamRepository.findWorkspace(tx, invitation.workspaceId), usersRepository.findById(tx, inviterId)]);
  const link = `${container.config.appUrl}/invitacion?token=${encodeURIComponent(token)}`;
  const mail = invitationEmail({ email: invitation.email, workspaceName: workspace?.name ?? 'RankMaps', inviterName: inviter?.name ?? null, role: invitation.role, link });
  await queueEmail(container, { to: invitation.email, kind: 'team-invitation', ...mail }, tx);
  return inviter?.name ?? null;
}

/**
 * POST /api/team/invitations. Under the workspace's row lock: the address is not a member
 * yet, has no open invitation, the clients are the workspace's and a seat is free.
 */
export async function createInvitation(container: TeamDeps, workspaceId: string, inviterId: string, body: CreateInvitationBody): Promise<Invitation> {
  const clientIds = body.role === 'admin' ? [] : body.clientIds;
  const plan = await workspacePlan(container, workspaceId);
  return container.database.db.transaction(async (tx) => {
    await requireOwnClients(tx, workspaceId, clientIds);
    await teamRepository.lockWorkspace(tx, workspaceId);
    if (await teamRepository.findMemberByEmail(tx, workspaceId, body.email)) throw conflict(ALREADY_MEMBER, 'ALREADY_MEMBER');
    if (await teamRepository.hasOpenInvitation(tx, workspaceId, body.email)) throw conflict(ALREADY_INVITED, 'ALREADY_INVITED');
    await requireFreeSeat(tx, workspaceId, body.role, plan);
    const token = generateToken();
    const row = await teamRepository.insertInvitation(tx, { workspaceId, email: body.email, role: body.role, clientIds, tokenHash: hashToken(token), invitedBy: inviterId, expiresAt: expiryFrom(new Date()) });
    const inviterName = await sendInvitation(container, tx, row, token, inviterId);
    return presentInvitation(row, inviterName);
  });
}

/**
 * POST /api/team/invitations/:id/resend: a new link (the old one stops working), 7 more days, a
 * new e-mail. An expired invitation had freed its seat: resending it takes one again.
 */
export async function resendInvitation(container: TeamDeps, workspaceId: string, senderId: string, id: string): Promise<Invitation> {
  if (!isUuid(id)) throw notFound(INVITATION_NOT_FOUND, 'INVITATION_NOT_FOUND');
  const plan = await workspacePlan(container, workspaceId);
  return container.database.db.transaction(async (tx) => {
    const found = await teamRepository.findOpenInvitation(tx, workspaceId, id);
    if (!found) throw notFound(INVITATION_NOT_FOUND, 'INVITATION_NOT_FOUND');
    if (found.invitation.expiresAt.getTime() <= Date.now()) {
      await teamRepository.lockWorkspace(tx, workspaceId);
      await requireFreeSeat(tx, workspaceId, found.invitation.role, plan);
    }
    const token = generateToken();
    const expiresAt = expiryFrom(new Date());
    await teamRepository.renewInvitation(tx, id, hashToken(token), expiresAt);
    const renewed = { ...found.invitation, expiresAt };
    await sendInvitation(container, tx, renewed, token, senderId);
    return presentInvitation(renewed, found.invitedByName);
  });
}

/** DELETE /api/team/invitations/:id: the link stops working; an invitation already closed is not found. */
export async function revokeInvitation(container: TeamDeps, workspaceId: string, id: string): Promise<void> {
  if (!isUuid(id) || !(await teamRepository.revokeInvitation(container.database.db, workspaceId, id))) throw notFound(INVITATION_NOT_FOUND, 'INVITATION_NOT_FOUND');
}
