import { MEMBER_NOT_FOUND } from '@rankmaps/shared/schemas/team';
import { conflict, notFound } from '../../errors';
import { queueEmail } from '../mail/mail.service';
import type { TeamDeps } from './members.service';
import { ownershipOfferEmail } from './team-mail';
import { teamRepository } from './team.repository';

// Handing a workspace to another owner (docs/decisions.md §30.3): the owner names a member,
// who gets an e-mail and accepts; until then nothing changes and the owner may cancel. The
// acceptance swaps the two roles in one transaction (the old owner stays as Administrador),
// and from then on the plan's e-mails go to the new owner.

export const ALREADY_OWNER = 'Ya eres el propietario de este espacio de trabajo.';
export const NO_PENDING_TRANSFER = 'No tienes ningún traspaso de propiedad pendiente en este espacio de trabajo.';
export const TRANSFER_REQUESTED = 'Le hemos pedido que acepte la propiedad del espacio de trabajo. Hasta entonces, nada cambia.';
export const TRANSFER_ACCEPTED = 'Ahora eres el propietario de este espacio de trabajo.';

/** POST /api/team/ownership-transfer: a member of the workspace, not the owner; a second request replaces the first. */
export async function requestTransfer(container: TeamDeps, workspaceId: string, ownerId: string, userId: string): Promise<void> {
  if (userId === ownerId) throw conflict(ALREADY_OWNER, 'ALREADY_OWNER');
  await container.database.db.transaction(async (tx) => {
    const workspace = await teamRepository.lockWorkspace(tx, workspaceId);
    const [member, owner] = await Promise.all([teamRepository.findMember(tx, workspaceId, userId), teamRepository.owner(tx, workspaceId)]);
    if (!member || !workspace || !owner) throw notFound(MEMBER_NOT_FOUND, 'MEMBER_NOT_FOUND');
    await teamRepository.setPendingOwner(tx, workspaceId, userId);
    const mail = ownershipOfferEmail({ newOwnerName: member.name, ownerName: owner.name, workspaceName: workspace.name, link: `${container.config.appUrl}/equipo` });
    await queueEmail(container, { to: member.email, kind: 'team-ownership-offer', ...mail }, tx);
  });
}

/** DELETE /api/team/ownership-transfer: the offer is withdrawn (again: nothing to do, the same answer). */
export async function cancelTransfer(container: TeamDeps, workspaceId: string): Promise<void> {
  await teamRepository.setPendingOwner(container.database.db, workspaceId, null);
}

/**
 * POST /api/team/ownership-transfer/accept, by the member named: in the workspace the session
 * works in when the offer is there, else the one offered to them.
 */
export async function acceptTransfer(container: TeamDeps, userId: string, activeWorkspaceId: string | null): Promise<string> {
  const db = container.database.db;
  const offered = (await teamRepository.pendingFor(db, userId)).map((w) => w.id);
  const workspaceId = activeWorkspaceId && offered.includes(activeWorkspaceId) ? activeWorkspaceId : offered[0];
  if (!workspaceId) throw notFound(NO_PENDING_TRANSFER, 'NO_PENDING_TRANSFER');
  const oldOwnerId = await db.transaction(async (tx) => {
    const workspace = await teamRepository.lockWorkspace(tx, workspaceId);
    const [member, owner] = await Promise.all([teamRepository.findMember(tx, workspaceId, userId), teamRepository.owner(tx, workspaceId)]);
    // Cancelled, or the member removed, meanwhile.
    if (workspace?.pendingOwnerId !== userId || !member || !owner) throw notFound(NO_PENDING_TRANSFER, 'NO_PENDING_TRANSFER');
    await teamRepository.swapOwner(tx, workspaceId, owner.id, userId);
    return owner.id;
  });
  container.memberships.forget(workspaceId, oldOwnerId);
  container.memberships.forget(workspaceId, userId);
  return workspaceId;
}
