import type { FastifyRequest } from 'fastify';
import type { AcceptInvitationAnswer, AcceptInvitationBody, InvitationPreview } from '@rankmaps/shared/schemas/team';
import { AppError, badRequest, conflict, forbidden, unauthorized } from '../../errors';
import { hashPassword } from '../auth/password';
import { type IssuedSession, startSession } from '../auth/session.service';
import { hashToken } from '../auth/tokens';
import { usersRepository } from '../users/users.repository';
import { workspacesRepository } from '../workspaces/workspaces.repository';
import type { TeamDeps } from './members.service';
import { teamRepository } from './team.repository';
import { brandOf } from './workspace-brand';
import { PERSON_ACTIVITY } from '../activity/activity-kinds';
import { activityRepository } from '../activity/activity.repository';

// Accepting an invitation (docs/decisions.md §30.3): the public page's preview, then joining
// as the signed-in person, or as a new account made from the invitation. The invitation is
// marked used in the transaction that adds the membership, under its row lock: two accepts at
// once make one member, and the second gets the same 410 as any used link.

export const INVITATION_INVALID = 'Esta invitación ya no es válida: ha caducado, se ha usado o se ha anulado. Pide una nueva a quien te invitó.';
export const INVITATION_FOR_ANOTHER = 'Esta invitación es para otra dirección de email.';
export const ACCOUNT_EXISTS = 'Ya tienes una cuenta con este email: inicia sesión para aceptar.';
export const ALREADY_IN_WORKSPACE = 'Ya eres miembro de este espacio de trabajo.';
export const NEW_ACCOUNT_NEEDS = 'Para crear tu cuenta indica tu nombre, una contraseña y su confirmación.';

const invalid = () => new AppError('INVITATION_INVALID', INVITATION_INVALID, 410);

/** GET /api/team/invitations/accept: what the page shows; 410 for a link that no longer works, whatever the reason. */
export async function previewInvitation(container: TeamDeps, token: string): Promise<InvitationPreview> {
  const db = container.database.db;
  const invitation = await teamRepository.findUsableByToken(db, hashToken(token), new Date());
  if (!invitation) throw invalid();
  const [workspace, inviter, account, brand] = await Promise.all([
    teamRepository.findWorkspace(db, invitation.workspaceId),
    invitation.invitedBy ? usersRepository.findById(db, invitation.invitedBy) : undefined,
    usersRepository.findByEmail(db, invitation.email),
    brandOf(container, invitation.workspaceId),
  ]);
  if (!workspace) throw invalid();
  return { workspaceName: workspace.name, inviterName: inviter?.name ?? null, role: invitation.role, email: invitation.email, hasAccount: Boolean(account), brand };
}

/**
 * The person an optional Bearer names, checked as the auth hook checks it (a live session);
 * null without one. A Bearer that is present but not valid is a 401, not an anonymous call.
 */
export async function optionalCaller(container: TeamDeps, request: FastifyRequest): Promise<{ userId: string; sessionId: string | null } | null> {
  const header = request.headers.authorization;
  if (!header) return null;
  const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
  const claims = token ? await container.accessTokens.verifyClaims(token) : null;
  if (!claims) throw unauthorized();
  if (claims.sessionId !== null && (await container.sessions.ownerOf(claims.sessionId)) !== claims.userId) throw unauthorized();
  return { userId: claims.userId, sessionId: claims.sessionId };
}

export interface AcceptOutcome {
  answer: AcceptInvitationAnswer;
  /** A new account's first session: the route sets its cookies as sign-in does. */
  session: IssuedSession | null;
}

/** POST /api/team/invitations/accept. */
export async function acceptInvitation(container: TeamDeps, body: AcceptInvitationBody, caller: { userId: string; sessionId: string | null } | null, ip: string | null = null): Promise<AcceptOutcome> {
  const db = container.database.db;
  // Hashed before the transaction: a slow hash must not hold the invitation's lock.
  const passwordHash = !caller && body.password ? await hashPassword(body.password, container.config) : null;
  const outcome = await db.transaction(async (tx) => {
    const invitation = await teamRepository.findUsableByToken(tx, hashToken(body.token), new Date(), true);
    if (!invitation) throw invalid();
    const workspaceId = invitation.workspaceId;
    let userId: string;
    let name: string;
    if (caller) {
      const user = await usersRepository.findById(tx, caller.userId);
      if (!user) throw unauthorized();
      if (user.email.toLowerCase() !== invitation.email) throw forbidden(INVITATION_FOR_ANOTHER, 'INVITATION_FOR_ANOTHER');
      if (await workspacesRepository.membership(tx, workspaceId, user.id)) throw conflict(ALREADY_IN_WORKSPACE, 'ALREADY_MEMBER');
      userId = user.id;
      name = user.name;
    } else {
      if (await usersRepository.findByEmail(tx, invitation.email)) throw conflict(ACCOUNT_EXISTS, 'ACCOUNT_EXISTS');
      if (!body.name || !passwordHash) throw badRequest(NEW_ACCOUNT_NEEDS, 'NEW_ACCOUNT_DETAILS');
      // The link in the mailbox proves the address: the account starts confirmed, with no workspace of its own.
      const user = await usersRepository.insertIfEmailFree(tx, { name: body.name, email: invitation.email, passwordHash, googleSub: null, mailConfirmed: true }, { ownWorkspace: false });
      if (!user) throw conflict(ACCOUNT_EXISTS, 'ACCOUNT_EXISTS');
      userId = user.id;
      name = user.name;
    }
    // Clients deleted since the invitation are left out.
    const clientIds = await teamRepository.ownClientIds(tx, workspaceId, invitation.clientIds);
    await teamRepository.insertMember(tx, { workspaceId, userId, role: invitation.role, clientIds });
    if (!(await teamRepository.markAccepted(tx, invitation.id, userId))) throw invalid();
    // Joining is granted access: in the activity log, in the same transaction (docs/decisions.md §30.5).
    await activityRepository.insert(tx, {
      workspaceId,
      actorId: userId,
      actorName: name,
      kind: PERSON_ACTIVITY.invitationAccepted.kind,
      action: 'invitationAccepted',
      targetType: 'member',
      targetId: userId,
      targetLabel: invitation.email,
      details: { role: invitation.role },
      ip,
    });

    if (!caller) {
      const session = await startSession(container, userId, false, tx, workspaceId);
      return { userId, workspaceId, session, accessToken: session.accessToken };
    }
    // A signed-in person's session moves to the workspace they joined, as a switch does.
    if (caller.sessionId) await workspacesRepository.rememberSessionWorkspace(tx, caller.sessionId, workspaceId);
    const accessToken = await container.accessTokens.sign(userId, caller.sessionId ?? undefined, workspaceId);
    return { userId, workspaceId, session: null, accessToken };
  });
  container.memberships.forget(outcome.workspaceId, outcome.userId);
  return { answer: { accessToken: outcome.accessToken, workspaceId: outcome.workspaceId }, session: outcome.session };
}
