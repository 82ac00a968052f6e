import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { WorkspaceRole } from '@rankmaps/shared/permissions';
import type { Container } from '../src/container';
import { workspaceMembers } from '../src/db/workspaces-schema';
import { latestEmail } from './emails';
import { uniqueEmail } from './factories';
import { type AuthHeaders, PASSWORD } from './sessions';

// Teams in tests (docs/decisions.md §30.3): invitations sent and accepted through the API, as
// the team page and the invitation page do.

type Headers = Record<string, string>;

/** The token of the newest invitation e-mailed to `email`. */
export async function invitationToken(container: Container, email: string): Promise<string> {
  const mail = await latestEmail(container, email, 'team-invitation');
  const token = mail && /\/invitacion\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no invitation e-mail for ${email}`);
  return token;
}

export function invite(app: FastifyInstance, headers: Headers, body: { email?: string; role?: string; clientIds?: string[] } = {}) {
  return app.inject({ method: 'POST', url: '/api/team/invitations', headers, payload: { email: uniqueEmail('invitada'), role: 'admin', clientIds: [], ...body } });
}

export function acceptAsNewPerson(app: FastifyInstance, token: string, name = 'Persona Invitada') {
  return app.inject({ method: 'POST', url: '/api/team/invitations/accept', payload: { token, name, password: PASSWORD, confirmPassword: PASSWORD } });
}

function ok(res: LightMyRequestResponse, what: string, status = 200) {
  if (res.statusCode !== status) throw new Error(`${what}: expected ${status}, got ${res.statusCode} ${res.body}`);
  return res;
}

/**
 * A new person invited by `ownerHeaders` with `role` (and `clientIds`), who accepts by creating
 * an account: their id, e-mail and the headers of the session the acceptance started.
 */
export async function joinAsNewPerson(app: FastifyInstance, container: Container, ownerHeaders: Headers, opts: { role?: 'admin' | 'member' | 'client'; clientIds?: string[]; name?: string } = {}) {
  const email = uniqueEmail('miembro');
  ok(await invite(app, ownerHeaders, { email, role: opts.role ?? 'admin', clientIds: opts.clientIds ?? [] }), 'invite', 201);
  const accepted = ok(await acceptAsNewPerson(app, await invitationToken(container, email), opts.name ?? 'Persona Invitada'), 'accept');
  const { accessToken, workspaceId } = accepted.json<{ accessToken: string; workspaceId: string }>();
  const user = await container.database.db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, email) });
  if (!user) throw new Error('the invited person has no account');
  return { user, email, workspaceId, headers: { authorization: `Bearer ${accessToken}` }, response: accepted };
}

// A membership written directly, as the invitation flow would, for tests of what each role may
// do (docs/decisions.md §30.6): faster than inviting, and any role with any clients.

/**
 * Makes `userId` a member of `workspaceId` with `role` and `clientIds` (replacing any membership
 * they had there), and returns headers whose token acts in that workspace.
 */
export async function joinWorkspace(container: Container, workspaceId: string, userId: string, role: WorkspaceRole, clientIds: readonly string[] = []): Promise<AuthHeaders> {
  await container.database.db
    .insert(workspaceMembers)
    .values({ workspaceId, userId, role, clientIds: [...clientIds] })
    .onConflictDoUpdate({ target: [workspaceMembers.workspaceId, workspaceMembers.userId], set: { role, clientIds: [...clientIds] } });
  container.memberships.forget(workspaceId, userId);
  return { authorization: `Bearer ${await container.accessTokens.sign(userId, undefined, workspaceId)}` };
}
