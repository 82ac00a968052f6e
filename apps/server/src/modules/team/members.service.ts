import { takesSeat } from '@rankmaps/shared/permissions';
import { CLIENT_NOT_FOUND } from '@rankmaps/shared/schemas/workspace';
import { MEMBER_NOT_FOUND, type TeamMember, type TeamMembers, type UpdateMemberBody } from '@rankmaps/shared/schemas/team';
import type { Container } from '../../container';
import type { DbOrTx } from '../../db/client';
import { conflict, notFound } from '../../errors';
import { isUuid } from '../../lib/uuid';
import { queueEmail } from '../mail/mail.service';
import { onAgencyPlan, requireFreeSeat, seatUse, workspacePlan } from './seats';
import { keysRevokedEmail } from './team-mail';
import { type MemberRow, teamRepository } from './team.repository';

// The members of a workspace (docs/api.md «Equipo», docs/decisions.md §30.3): list, change,
// remove. A change or removal takes effect on the member's next call in this process, and
// within SESSION_CHECK_TTL_SECONDS in the others (MembershipCheck.forget).

export type TeamDeps = Pick<Container, 'accessTokens' | 'boss' | 'config' | 'database' | 'memberships' | 'sessions'>;

export const OWNER_ROW_FIXED = 'El rol del propietario no se cambia aquí: pásale antes la propiedad a otro miembro.';
export const OWNER_CANNOT_LEAVE = 'El propietario no puede salir del espacio de trabajo: pásale antes la propiedad a otro miembro.';

export function presentMember(row: MemberRow, callerId: string): TeamMember {
  return { userId: row.userId, name: row.name, email: row.email, role: row.role, clientIds: [...row.clientIds], joinedAt: row.joinedAt.toISOString(), isYou: row.userId === callerId };
}

/** The clients must be the workspace's: another workspace's client is as unknown as a missing one (404). */
export async function requireOwnClients(db: DbOrTx, workspaceId: string, clientIds: readonly string[]): Promise<void> {
  if ((await teamRepository.ownClientIds(db, workspaceId, clientIds)).length !== clientIds.length) throw notFound(CLIENT_NOT_FOUND, 'CLIENT_NOT_FOUND');
}

export async function listMembers(container: TeamDeps, workspaceId: string, callerId: string): Promise<TeamMembers> {
  const db = container.database.db;
  const plan = await workspacePlan(container, workspaceId);
  const [rows, seats] = await Promise.all([teamRepository.listMembers(db, workspaceId), seatUse(db, workspaceId, plan)]);
  return { items: rows.map((r) => presentMember(r, callerId)), seats: { used: seats.used, limit: seats.limit } };
}

/**
 * PUT /api/team/members/:userId. Two administrators changing one member at once: the last
 * write wins (a plain update), and the activity log has both.
 */
export async function updateMember(container: TeamDeps, workspaceId: string, callerId: string, userId: string, body: UpdateMemberBody): Promise<TeamMember> {
  if (!isUuid(userId)) throw notFound(MEMBER_NOT_FOUND, 'MEMBER_NOT_FOUND');
  const clientIds = body.role === 'admin' ? [] : body.clientIds;
  const plan = await workspacePlan(container, workspaceId);
  await container.database.db.transaction(async (tx) => {
    const current = await teamRepository.findMember(tx, workspaceId, userId);
    if (!current) throw notFound(MEMBER_NOT_FOUND, 'MEMBER_NOT_FOUND');
    await requireOwnClients(tx, workspaceId, clientIds);
    if (current.role === 'owner') throw conflict(OWNER_ROW_FIXED, 'OWNER_ROLE_FIXED');
    // A Cliente made Miembro or Administrador on an agency plan takes a seat now.
    await teamRepository.lockWorkspace(tx, workspaceId);
    const agency = onAgencyPlan(plan);
    if (!takesSeat(current.role, agency) && takesSeat(body.role, agency)) await requireFreeSeat(tx, workspaceId, body.role, plan);
    await teamRepository.updateMember(tx, workspaceId, userId, { role: body.role, clientIds });
  });
  container.memberships.forget(workspaceId, userId);
  const row = await teamRepository.findMember(container.database.db, workspaceId, userId);
  if (!row) throw notFound(MEMBER_NOT_FOUND, 'MEMBER_NOT_FOUND');
  return presentMember(row, callerId);
}

/**
 * DELETE /api/team/members/:userId: the member leaves; the API keys they created stop working,
 * and the owner gets the list by e-mail, in the same transaction.
 */
export async function removeMember(container: TeamDeps, workspaceId: string, userId: string): Promise<void> {
  if (!isUuid(userId)) throw notFound(MEMBER_NOT_FOUND, 'MEMBER_NOT_FOUND');
  await container.database.db.transaction(async (tx) => {
    const member = await teamRepository.findMember(tx, workspaceId, userId);
    if (!member) throw notFound(MEMBER_NOT_FOUND, 'MEMBER_NOT_FOUND');
    if (member.role === 'owner') throw conflict(OWNER_CANNOT_LEAVE, 'OWNER_CANNOT_LEAVE');
    const workspace = await teamRepository.lockWorkspace(tx, workspaceId);
    await teamRepository.deleteMember(tx, workspaceId, userId);
    if (workspace?.pendingOwnerId === userId) await teamRepository.setPendingOwner(tx, workspaceId, null);
    const keys = await teamRepository.revokeKeysCreatedBy(tx, workspaceId, userId);
    const owner = await teamRepository.owner(tx, workspaceId);
    if (keys.length > 0 && owner && workspace) {
      const mail = keysRevokedEmail({ ownerName: owner.name, memberName: member.name, workspaceName: workspace.name, keys, link: `${container.config.appUrl}/profile` });
      await queueEmail(container, { to: owner.email, kind: 'team-keys-revoked', ...mail }, tx);
    }
  });
  container.memberships.forget(workspaceId, userId);
}
