import { COOKIE_REFRESH } from '@rankmaps/shared/constants';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { countEmails, latestEmail } from '../../../test/emails';
import { uniqueEmail } from '../../../test/factories';
import { PASSWORD, cookieOf, refresh, sessionOf, sessions } from '../../../test/sessions';
import { acceptAsNewPerson, invitationToken, invite, joinAsNewPerson } from '../../../test/team';
import { createTestApp } from '../../../test/test-app';
import { emails, users } from '../../db/schema';
import { activityLog, workspaceInvitations, workspaceMembers, workspaces } from '../../db/workspaces-schema';
import { hashToken } from '../auth/tokens';
import { INVITATION_INVALID } from './invitation-accept.service';

// Invitations (docs/api.md «Equipo», docs/decisions.md §30.3): sending, listing, resending,
// revoking, the public page and accepting, against the real database.

const ACCEPT = '/api/team/invitations/accept';

describe('team invitations', async () => {
  const { app, container } = await createTestApp();
  const db = container.database.db;
  const { signedIn, injectAs } = sessions(app, container);
  const agency = () => signedIn('pro_starter', { name: 'Laura Agencia' });
  const newClient = async (headers: Record<string, string>, name = 'Clínica Norte') =>
    (await app.inject({ method: 'POST', url: '/api/clients', headers, payload: { name } })).json<{ id: string }>().id;
  const invitationsOf = (workspaceId: string) => db.select().from(workspaceInvitations).where(eq(workspaceInvitations.workspaceId, workspaceId));
  const list = async (headers: Record<string, string>) => (await app.inject({ method: 'GET', url: '/api/team/invitations', headers })).json<{ items: { id: string; email: string; expired: boolean }[] }>().items;
  const preview = (token: string) => app.inject({ method: 'GET', url: `${ACCEPT}?token=${encodeURIComponent(token)}` });
  const expectInvalid = (res: { statusCode: number; json: () => unknown }) => {
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual({ error: INVITATION_INVALID, code: 'INVITATION_INVALID' });
  };

  it('when an owner invites an address, then 201 with the item, only the hash is stored, and a Spanish e-mail names the workspace, the inviter and the role with a 7-day link', async () => {
    const owner = await agency();
    const client = await newClient(owner.headers);
    const email = uniqueEmail('nueva');
    const res = await invite(app, owner.headers, { email: email.toUpperCase(), role: 'member', clientIds: [client] });
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json();
    expect(item).toMatchObject({ email, role: 'member', clientIds: [client], invitedByName: 'Laura Agencia', expired: false });
    const days = (Date.parse(item.expiresAt) - Date.parse(item.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);
    const mail = await latestEmail(container, email, 'team-invitation');
    expect(mail?.subject).toBe('Laura Agencia te invita a «Laura Agencia» en RankMaps');
    expect(mail?.text).toContain('con el rol de Miembro');
    expect(mail?.text).toContain(`${container.config.appUrl}/invitacion?token=`);
    const token = await invitationToken(container, email);
    const [row] = await invitationsOf(owner.user.id);
    expect(row?.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect((await list(owner.headers)).map((i) => i.email)).toEqual([email]);
  });

  it('when the body is wrong, then 400 with a Spanish message and nothing is stored or sent', async () => {
    const owner = await agency();
    const client = await newClient(owner.headers);
    const bodies: [unknown, string][] = [
      [{ role: 'admin', clientIds: [] }, 'El email es obligatorio'],
      [{ email: 'no-es-un-email', role: 'admin', clientIds: [] }, 'Introduce un email válido'],
      [{ email: uniqueEmail(), role: 'owner', clientIds: [] }, 'El rol debe ser Administrador, Miembro o Cliente.'],
      [{ email: uniqueEmail(), role: 'jefe', clientIds: [] }, 'El rol debe ser Administrador, Miembro o Cliente.'],
      [{ email: uniqueEmail(), role: 'member', clientIds: [] }, 'Asigna al menos un cliente a un Miembro o a un Cliente.'],
      [{ email: uniqueEmail(), role: 'client', clientIds: ['no-uuid'] }, 'La lista de clientes no es válida (identificadores de clientes, como mucho 500).'],
      [{ email: uniqueEmail(), role: 'member', clientIds: [client], extra: 1 }, ''],
      [[1, 2], 'Indica el email, el rol y los clientes de la invitación.'],
    ];
    const mailsBefore = (await db.select({ n: count() }).from(emails))[0]!.n;
    for (const [payload, message] of bodies) {
      const res = await app.inject({ method: 'POST', url: '/api/team/invitations', headers: owner.headers, payload: payload as object });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      if (message) expect(res.json().error, JSON.stringify(payload)).toContain(message);
      else expect(res.json().error).toMatch(/[a-záéíóúñ]/i);
    }
    expect(await invitationsOf(owner.user.id)).toEqual([]);
    expect((await db.select({ n: count() }).from(emails))[0]!.n).toBe(mailsBefore);
  });

  it('when a client is another workspace’s, then 404 as for a missing one, and nothing is stored', async () => {
    const owner = await agency();
    const other = await agency();
    const theirs = await newClient(other.headers);
    const res = await invite(app, owner.headers, { role: 'client', clientIds: [theirs] });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Cliente no encontrado.', code: 'CLIENT_NOT_FOUND' });
    expect(await invitationsOf(owner.user.id)).toEqual([]);
  });

  it('when the address is already a member, or already has an open invitation, then 409 with the contract’s message', async () => {
    const owner = await agency();
    const member = await joinAsNewPerson(app, container, owner.headers);
    const again = await invite(app, owner.headers, { email: member.email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'Esa dirección ya es miembro de este espacio de trabajo.', code: 'ALREADY_MEMBER' });
    expect(await invite(app, owner.headers, { email: owner.user.email })).toMatchObject({ statusCode: 409 });
    const email = uniqueEmail();
    expect((await invite(app, owner.headers, { email })).statusCode).toBe(201);
    const twice = await invite(app, owner.headers, { email, role: 'admin' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ error: 'Ya hay una invitación pendiente para esa dirección: puedes reenviarla.', code: 'ALREADY_INVITED' });
    expect(await countEmails(container, email)).toBe(1);
  });

  it('when Starter’s 3 seats are taken by members and open invitations, then a 4th is refused naming Agency, while a Cliente viewer is still free', async () => {
    const owner = await agency();
    const client = await newClient(owner.headers);
    await joinAsNewPerson(app, container, owner.headers, { role: 'member', clientIds: [client] });
    expect((await invite(app, owner.headers, { role: 'admin' })).statusCode).toBe(201);
    expect((await invite(app, owner.headers, { role: 'member', clientIds: [client] })).statusCode).toBe(201);
    const members = await app.inject({ method: 'GET', url: '/api/team/members', headers: owner.headers });
    expect(members.json().seats).toEqual({ used: 3, limit: 3 });
    const before = (await invitationsOf(owner.user.id)).length;
    const full = await invite(app, owner.headers, { role: 'admin' });
    expect(full.statusCode).toBe(403);
    expect(full.json()).toMatchObject({ error: 'Tu plan Starter incluye 3 miembros. Pasa a Agency para invitar a más.', code: 'SEATS_FULL' });
    expect((await invitationsOf(owner.user.id)).length).toBe(before);
    // A Cliente viewer takes no seat on an agency plan.
    expect((await invite(app, owner.headers, { role: 'client', clientIds: [client] })).statusCode).toBe(201);
  });

  it('when two invitations race for the last seat, then one is sent and the other refused', async () => {
    const owner = await agency();
    for (let i = 0; i < 2; i++) expect((await invite(app, owner.headers)).statusCode).toBe(201);
    const results = await Promise.all([invite(app, owner.headers), invite(app, owner.headers)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 403]);
    expect(await invitationsOf(owner.user.id)).toHaveLength(3);
  });

  it('when an invitation expires, then its seat is free for another, and resending it needs a seat again', async () => {
    const owner = await agency();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await invite(app, owner.headers)).json().id);
    await db.update(workspaceInvitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(workspaceInvitations.id, ids[0]!));
    expect((await invite(app, owner.headers)).statusCode).toBe(201);
    const resend = await app.inject({ method: 'POST', url: `/api/team/invitations/${ids[0]}/resend`, headers: owner.headers });
    expect(resend.statusCode).toBe(403);
    expect(resend.json().error).toBe('Tu plan Starter incluye 3 miembros. Pasa a Agency para invitar a más.');
    expect((await list(owner.headers)).find((i) => i.id === ids[0])?.expired).toBe(true);
    // Revoking another frees a seat: now it can be resent.
    expect((await app.inject({ method: 'DELETE', url: `/api/team/invitations/${ids[1]}`, headers: owner.headers })).statusCode).toBe(204);
    expect((await app.inject({ method: 'POST', url: `/api/team/invitations/${ids[0]}/resend`, headers: owner.headers })).statusCode).toBe(200);
  });

  it('when a business plan (one seat) has its colleague, then a second is refused naming Starter; with no plan, none may be invited', async () => {
    const owner = await signedIn('basico');
    expect((await invite(app, owner.headers, { role: 'admin' })).statusCode).toBe(201);
    const full = await invite(app, owner.headers, { role: 'admin' });
    expect(full.statusCode).toBe(403);
    expect(full.json().error).toBe('Tu plan Básico incluye 1 miembro. Pasa a Starter para invitar a más.');
    const free = await signedIn();
    const none = await invite(app, free.headers, { role: 'admin' });
    expect(none.statusCode).toBe(403);
    expect(none.json().error).toBe('Para invitar a miembros necesitas un plan: Básico incluye 1 miembro.');
  });

  it('when the page previews a valid link, then it names the workspace, inviter, role and address and whether it has an account; any other link is the one 410', async () => {
    const owner = await agency();
    const email = uniqueEmail('previa');
    await invite(app, owner.headers, { email, role: 'admin' });
    const token = await invitationToken(container, email);
    const res = await preview(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ workspaceName: 'Laura Agencia', inviterName: 'Laura Agencia', role: 'admin', email, hasAccount: false, brand: null });
    const existing = await signedIn();
    await invite(app, owner.headers, { email: existing.user.email });
    expect((await preview(await invitationToken(container, existing.user.email))).json().hasAccount).toBe(true);
    expectInvalid(await preview('A'.repeat(43)));
    expectInvalid(await preview('x'));
    const missing = await app.inject({ method: 'GET', url: ACCEPT });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('Falta el código de la invitación.');
  });

  it('when an invitation expired, was revoked or was used, then preview and accept answer the same 410 and nothing is created', async () => {
    const owner = await agency();
    const [expired, revoked, used] = [uniqueEmail('caducada'), uniqueEmail('anulada'), uniqueEmail('usada')];
    for (const email of [expired, revoked, used]) expect((await invite(app, owner.headers, { email })).statusCode).toBe(201);
    await db.update(workspaceInvitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(workspaceInvitations.email, expired));
    const revokedId = (await list(owner.headers)).find((i) => i.email === revoked)!.id;
    expect((await app.inject({ method: 'DELETE', url: `/api/team/invitations/${revokedId}`, headers: owner.headers })).statusCode).toBe(204);
    const usedToken = await invitationToken(container, used);
    expect((await acceptAsNewPerson(app, usedToken)).statusCode).toBe(200);
    expect((await list(owner.headers)).map((i) => [i.email, i.expired])).toEqual([[expired, true]]);
    for (const email of [expired, revoked, used]) {
      const token = await invitationToken(container, email);
      expectInvalid(await preview(token));
      expectInvalid(await acceptAsNewPerson(app, token));
    }
    expect(await db.select().from(users).where(eq(users.email, expired))).toEqual([]);
    expect(await db.select().from(users).where(eq(users.email, revoked))).toEqual([]);
  });

  it('when an invitation is resent, then a new link works for 7 more days, the old one is the 410, and a second e-mail goes out', async () => {
    const owner = await agency();
    const email = uniqueEmail('reenvio');
    const created = (await invite(app, owner.headers, { email })).json();
    const oldToken = await invitationToken(container, email);
    await db.update(workspaceInvitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(workspaceInvitations.id, created.id));
    const res = await app.inject({ method: 'POST', url: `/api/team/invitations/${created.id}/resend`, headers: owner.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: created.id, email, expired: false });
    expect(Date.parse(res.json().expiresAt)).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);
    expect(await countEmails(container, email)).toBe(2);
    const newToken = await invitationToken(container, email);
    expect(newToken).not.toBe(oldToken);
    expectInvalid(await preview(oldToken));
    expect((await preview(newToken)).statusCode).toBe(200);
    for (const id of [crypto.randomUUID(), 'no-existe']) {
      const missing = await app.inject({ method: 'POST', url: `/api/team/invitations/${id}/resend`, headers: owner.headers });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error).toBe('Invitación no encontrada.');
    }
  });

  it('when an invitation is revoked twice, or another workspace’s is named, then 404 the second time and theirs stays open', async () => {
    const owner = await agency();
    const other = await agency();
    const theirs = (await invite(app, other.headers)).json().id as string;
    const mine = (await invite(app, owner.headers)).json().id as string;
    expect((await app.inject({ method: 'DELETE', url: `/api/team/invitations/${mine}`, headers: owner.headers })).statusCode).toBe(204);
    expect((await app.inject({ method: 'DELETE', url: `/api/team/invitations/${mine}`, headers: owner.headers })).statusCode).toBe(404);
    const foreign = await app.inject({ method: 'DELETE', url: `/api/team/invitations/${theirs}`, headers: owner.headers });
    expect(foreign.statusCode).toBe(404);
    expect((await list(other.headers)).map((i) => i.id)).toEqual([theirs]);
    const resend = await app.inject({ method: 'POST', url: `/api/team/invitations/${theirs}/resend`, headers: owner.headers });
    expect(resend.statusCode).toBe(404);
  });

  it('when a new person accepts, then the account is made confirmed with no workspace of its own, the session starts in the invited workspace with the refresh cookie, and the invitation is used', async () => {
    const owner = await agency();
    const client = await newClient(owner.headers);
    const joined = await joinAsNewPerson(app, container, owner.headers, { role: 'client', clientIds: [client], name: 'Carmen Cliente' });
    expect(joined.workspaceId).toBe(owner.user.id);
    expect(joined.user).toMatchObject({ name: 'Carmen Cliente', mailConfirmed: true });
    expect(await db.select().from(workspaces).where(eq(workspaces.id, joined.user.id))).toEqual([]);
    const [membership] = await db.select().from(workspaceMembers).where(eq(workspaceMembers.userId, joined.user.id));
    expect(membership).toMatchObject({ workspaceId: owner.user.id, role: 'client', clientIds: [client] });
    const [invitation] = await invitationsOf(owner.user.id);
    expect(invitation?.acceptedBy).toBe(joined.user.id);
    expect(invitation?.acceptedAt).toBeInstanceOf(Date);
    expect(cookieOf(joined.response, COOKIE_REFRESH)).toMatchObject({ httpOnly: true, path: '/api/auth' });
    const spaces = await app.inject({ method: 'GET', url: '/api/workspaces', headers: joined.headers });
    expect(spaces.json().items).toEqual([{ id: owner.user.id, name: 'Laura Agencia', role: 'client', active: true, brand: null, poweredBy: true }]);
    // Joining is in the workspace's activity log, by the person who joined.
    const [joinedEntry] = await db.select().from(activityLog).where(and(eq(activityLog.workspaceId, owner.user.id), eq(activityLog.action, 'invitationAccepted')));
    expect(joinedEntry).toMatchObject({ actorId: joined.user.id, actorName: 'Carmen Cliente', kind: 'member', targetId: joined.user.id, details: { role: 'client' } });
    expect(joinedEntry?.ip).toBeTruthy();
    // A refresh keeps the session in that workspace.
    const refreshed = await refresh(app, sessionOf(joined.response));
    expect(refreshed.statusCode).toBe(200);
    const again = await app.inject({ method: 'GET', url: '/api/workspaces', headers: { authorization: `Bearer ${refreshed.json().accessToken}` } });
    expect(again.json().items[0]).toMatchObject({ id: owner.user.id, active: true });
    // A Cliente may not manage the team.
    const forbidden = await app.inject({ method: 'GET', url: '/api/team/members', headers: joined.headers });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe('ROLE_FORBIDDEN');
    // The password chosen signs in.
    expect((await app.inject({ method: 'POST', url: '/api/auth/login/user', payload: { email: joined.email, password: PASSWORD } })).statusCode).toBe(200);
  });

  it('when a new person leaves out the name or password, or they break the sign-up rules, then 400 in Spanish and the invitation stays open', async () => {
    const owner = await agency();
    const email = uniqueEmail('datos');
    await invite(app, owner.headers, { email });
    const token = await invitationToken(container, email);
    const cases: [object, string][] = [
      [{ token }, 'Para crear tu cuenta indica tu nombre, una contraseña y su confirmación.'],
      [{ token, name: 'Ana', password: 'corta', confirmPassword: 'corta' }, 'La contraseña'],
      [{ token, name: 'Ana', password: PASSWORD, confirmPassword: 'Otra123!' }, 'Las contraseñas no coinciden'],
      [{ token, name: '', password: PASSWORD, confirmPassword: PASSWORD }, 'El nombre es obligatorio'],
      [{ name: 'Ana', password: PASSWORD, confirmPassword: PASSWORD }, 'Falta el código de la invitación.'],
      [{ token, name: 'Ana', password: PASSWORD, confirmPassword: PASSWORD, role: 'owner' }, ''],
    ];
    for (const [payload, message] of cases) {
      const res = await app.inject({ method: 'POST', url: ACCEPT, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error, JSON.stringify(payload)).toContain(message);
    }
    expect(await db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect((await preview(token)).statusCode).toBe(200);
  });

  it('when the address already has an account and no session is sent, then 409 asking to sign in; with its session it joins, and with another’s it is 403', async () => {
    const owner = await agency();
    const existing = await signedIn();
    const stranger = await signedIn();
    await invite(app, owner.headers, { email: existing.user.email, role: 'admin' });
    const token = await invitationToken(container, existing.user.email);
    const anonymous = await acceptAsNewPerson(app, token);
    expect(anonymous.statusCode).toBe(409);
    expect(anonymous.json()).toEqual({ error: 'Ya tienes una cuenta con este email: inicia sesión para aceptar.', code: 'ACCOUNT_EXISTS' });
    const wrong = await app.inject({ method: 'POST', url: ACCEPT, headers: stranger.headers, payload: { token } });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ error: 'Esta invitación es para otra dirección de email.', code: 'INVITATION_FOR_ANOTHER' });
    const forged = await app.inject({ method: 'POST', url: ACCEPT, headers: { authorization: `${existing.headers.authorization.slice(0, -4)}AAAA` }, payload: { token } });
    expect(forged.statusCode).toBe(401);
    expect((await preview(token)).statusCode).toBe(200);

    const joined = await app.inject({ method: 'POST', url: ACCEPT, headers: existing.headers, payload: { token } });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().workspaceId).toBe(owner.user.id);
    expect(cookieOf(joined, COOKIE_REFRESH)).toBeUndefined();
    const spaces = await app.inject({ method: 'GET', url: '/api/workspaces', headers: { authorization: `Bearer ${joined.json().accessToken}` } });
    expect(spaces.json().items.map((w: { id: string; role: string; active: boolean }) => [w.id, w.role, w.active])).toEqual([
      [existing.user.id, 'owner', false],
      [owner.user.id, 'admin', true],
    ]);
    // An administrador now: the team is theirs to see.
    expect((await app.inject({ method: 'GET', url: '/api/team/members', headers: { authorization: `Bearer ${joined.json().accessToken}` } })).statusCode).toBe(200);
    expectInvalid(await app.inject({ method: 'POST', url: ACCEPT, headers: existing.headers, payload: { token } }));
    void injectAs;
  });

  it('when two accepts of one invitation race, then one person joins, once, and the other gets the 410', async () => {
    const owner = await agency();
    const email = uniqueEmail('carrera');
    await invite(app, owner.headers, { email, role: 'admin' });
    const token = await invitationToken(container, email);
    const results = await Promise.all([acceptAsNewPerson(app, token, 'Primera'), acceptAsNewPerson(app, token, 'Segunda')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 410]);
    expectInvalid(results.find((r) => r.statusCode === 410)!);
    expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    const members = await db.select().from(workspaceMembers).where(and(eq(workspaceMembers.workspaceId, owner.user.id)));
    expect(members).toHaveLength(2);
  });

  it('when a member without members.manage calls the invitation routes, then 403 ROLE_FORBIDDEN and nothing is sent', async () => {
    const owner = await agency();
    const client = await newClient(owner.headers);
    const member = await joinAsNewPerson(app, container, owner.headers, { role: 'member', clientIds: [client] });
    const email = uniqueEmail('prohibida');
    const res = await invite(app, member.headers, { email });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'ROLE_FORBIDDEN', error: 'Tu rol en este espacio de trabajo no permite hacer esto.' });
    expect(await countEmails(container, email)).toBe(0);
  });
});
