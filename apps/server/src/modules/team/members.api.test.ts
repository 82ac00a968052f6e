import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { latestEmail } from '../../../test/emails';
import { sessions } from '../../../test/sessions';
import { joinAsNewPerson } from '../../../test/team';
import { createTestApp } from '../../../test/test-app';
import { buildApp } from '../../app';
import { apiKeys } from '../../db/api-keys-schema';
import { webhookEndpoints } from '../../db/webhooks-schema';
import { workspaceMembers } from '../../db/workspaces-schema';
import { apiKeysRepository } from '../api-keys/api-keys.repository';
import { generateApiKey, hashApiKey } from '../api-keys/api-keys.service';
import { MembershipCheck } from '../workspaces/membership-check';
import { workspacesRepository } from '../workspaces/workspaces.repository';
import { OWNER_CANNOT_LEAVE, OWNER_ROW_FIXED } from './members.service';

// Members (docs/api.md «Equipo», docs/decisions.md §30.3): the list with its seats, changing a
// role and clients, removing, and when a change reaches the member's next call.

type Headers = Record<string, string>;

describe('team members', async () => {
  const { app, container } = await createTestApp();
  const db = container.database.db;
  const { signedIn } = sessions(app, container);
  const agency = () => signedIn('pro_starter', { name: 'Laura Agencia' });
  const newClient = async (headers: Headers, name = 'Clínica Norte') => (await app.inject({ method: 'POST', url: '/api/clients', headers, payload: { name } })).json<{ id: string }>().id;
  const members = (headers: Headers) => app.inject({ method: 'GET', url: '/api/team/members', headers });
  const put = (headers: Headers, userId: string, payload: unknown) => app.inject({ method: 'PUT', url: `/api/team/members/${userId}`, headers, payload: payload as object });
  const remove = (headers: Headers, userId: string) => app.inject({ method: 'DELETE', url: `/api/team/members/${userId}`, headers });
  const rowOf = async (workspaceId: string, userId: string) => (await db.select().from(workspaceMembers).where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId))))[0];

  it('when the owner lists the team, then the owner comes first, the caller is marked, and the seats count members but not the owner', async () => {
    const owner = await agency();
    const client = await newClient(owner.headers);
    const admin = await joinAsNewPerson(app, container, owner.headers, { role: 'admin', name: 'Ana Admin' });
    const viewer = await joinAsNewPerson(app, container, owner.headers, { role: 'client', clientIds: [client], name: 'Carlos Cliente' });
    const res = await members(admin.headers);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.items.map((m: { userId: string; role: string; isYou: boolean; clientIds: string[] }) => [m.userId, m.role, m.isYou, m.clientIds])).toEqual([
      [owner.user.id, 'owner', false, []],
      [admin.user.id, 'admin', true, []],
      [viewer.user.id, 'client', false, [client]],
    ]);
    expect(body.items[1]).toMatchObject({ name: 'Ana Admin', email: admin.email });
    // A Cliente viewer is free on an agency plan.
    expect(body.seats).toEqual({ used: 1, limit: 3 });
  });

  it('when an administrator changes a member’s role and clients, then the answer and the member’s next call show it at once', async () => {
    const owner = await agency();
    const [north, south] = [await newClient(owner.headers, 'Norte'), await newClient(owner.headers, 'Sur')];
    const member = await joinAsNewPerson(app, container, owner.headers, { role: 'member', clientIds: [north] });
    // Cached by this process as a Miembro.
    expect((await members(member.headers)).statusCode).toBe(403);
    const res = await put(owner.headers, member.user.id, { role: 'admin', clientIds: [north] });
    expect(res.statusCode, res.body).toBe(200);
    // An Administrador sees the whole workspace: the clients are dropped.
    expect(res.json()).toMatchObject({ userId: member.user.id, role: 'admin', clientIds: [], isYou: false });
    expect((await members(member.headers)).statusCode).toBe(200);
    const back = await put(owner.headers, member.user.id, { role: 'client', clientIds: [south, north, south] });
    expect(back.json()).toMatchObject({ role: 'client', clientIds: [south, north] });
    expect((await members(member.headers)).statusCode).toBe(403);
  });

  it('when the body is wrong, then 400 in Spanish and the member is unchanged', async () => {
    const owner = await agency();
    const client = await newClient(owner.headers);
    const member = await joinAsNewPerson(app, container, owner.headers, { role: 'member', clientIds: [client] });
    const before = await rowOf(owner.user.id, member.user.id);
    const cases: [unknown, string][] = [
      [{ role: 'owner', clientIds: [] }, 'El rol debe ser Administrador, Miembro o Cliente.'],
      [{ role: 'member', clientIds: [] }, 'Asigna al menos un cliente a un Miembro o a un Cliente.'],
      [{ role: 'member' }, 'La lista de clientes no es válida'],
      [{ role: 'client', clientIds: 'todos' }, 'La lista de clientes no es válida'],
      [{ role: 'client', clientIds: [client], extra: true }, ''],
      [['admin'], 'Indica el rol y los clientes del miembro.'],
    ];
    for (const [payload, message] of cases) {
      const res = await put(owner.headers, member.user.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error, JSON.stringify(payload)).toContain(message);
    }
    expect(await rowOf(owner.user.id, member.user.id)).toEqual(before);
  });

  it('when the owner’s row, a stranger, another workspace’s member or client is named, then 409 or 404 and nothing changes', async () => {
    const owner = await agency();
    const other = await agency();
    const theirClient = await newClient(other.headers);
    const client = await newClient(owner.headers);
    const theirs = await joinAsNewPerson(app, container, other.headers, { role: 'admin' });
    const mine = await joinAsNewPerson(app, container, owner.headers, { role: 'admin' });
    const ownerRow = await put(mine.headers, owner.user.id, { role: 'admin', clientIds: [] });
    expect(ownerRow.statusCode).toBe(409);
    expect(ownerRow.json()).toEqual({ error: OWNER_ROW_FIXED, code: 'OWNER_ROLE_FIXED' });
    for (const userId of [theirs.user.id, crypto.randomUUID(), 'no-existe']) {
      const res = await put(owner.headers, userId, { role: 'client', clientIds: [client] });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Miembro no encontrado.', code: 'MEMBER_NOT_FOUND' });
      expect((await remove(owner.headers, userId)).statusCode).toBe(404);
    }
    const foreignClient = await put(owner.headers, mine.user.id, { role: 'client', clientIds: [theirClient] });
    expect(foreignClient.statusCode).toBe(404);
    expect(foreignClient.json().error).toBe('Cliente no encontrado.');
    expect((await rowOf(owner.user.id, mine.user.id))?.role).toBe('admin');
    expect((await rowOf(other.user.id, theirs.user.id))?.role).toBe('admin');
    const leave = await remove(mine.headers, owner.user.id);
    expect(leave.statusCode).toBe(409);
    expect(leave.json()).toEqual({ error: OWNER_CANNOT_LEAVE, code: 'OWNER_CANNOT_LEAVE' });
  });

  it('when a Cliente viewer would become a Miembro with Starter’s seats full, then 403 naming Agency and the role stays', async () => {
    const owner = await agency();
    const client = await newClient(owner.headers);
    for (let i = 0; i < 3; i++) await joinAsNewPerson(app, container, owner.headers, { role: 'member', clientIds: [client] });
    const viewer = await joinAsNewPerson(app, container, owner.headers, { role: 'client', clientIds: [client] });
    const res = await put(owner.headers, viewer.user.id, { role: 'member', clientIds: [client] });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('Tu plan Starter incluye 3 miembros. Pasa a Agency para invitar a más.');
    expect((await rowOf(owner.user.id, viewer.user.id))?.role).toBe('client');
  });

  it('when two administrators change one member at once, then both succeed and the last write is what stays', async () => {
    const owner = await agency();
    const client = await newClient(owner.headers);
    const admin = await joinAsNewPerson(app, container, owner.headers, { role: 'admin' });
    const member = await joinAsNewPerson(app, container, owner.headers, { role: 'member', clientIds: [client] });
    const [a, b] = await Promise.all([put(owner.headers, member.user.id, { role: 'admin', clientIds: [] }), put(admin.headers, member.user.id, { role: 'client', clientIds: [client] })]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const stored = await rowOf(owner.user.id, member.user.id);
    expect(['admin', 'client']).toContain(stored?.role);
    const last = (await members(owner.headers)).json().items.find((m: { userId: string }) => m.userId === member.user.id);
    expect(last.role).toBe(stored?.role);
  });

  it('when a member is removed, then their next call is refused (401), the keys they created are revoked, the owner gets the list by e-mail, and the owner’s keys and webhooks stay', async () => {
    const owner = await agency();
    const admin = await joinAsNewPerson(app, container, owner.headers, { role: 'admin', name: 'Ana Admin' });
    const createKey = (headers: Headers, name: string) => app.inject({ method: 'POST', url: '/api/api-keys', headers, payload: { name, scopes: ['read'] } });
    // Keys and webhooks record who made them.
    const ownerKey = await createKey(owner.headers, 'Clave de Laura');
    expect(ownerKey.statusCode, ownerKey.body).toBe(201);
    const hook = await app.inject({ method: 'POST', url: '/api/webhooks', headers: owner.headers, payload: { url: 'http://127.0.0.1:9/hooks/laura', events: ['analysis.completed'] } });
    expect(hook.statusCode, hook.body).toBe(201);
    const [hookRow] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, hook.json().endpoint.id));
    expect(hookRow?.createdBy).toBe(owner.user.id);
    const [ownerKeyRow] = await db.select().from(apiKeys).where(eq(apiKeys.id, ownerKey.json().apiKey.id));
    expect(ownerKeyRow?.createdBy).toBe(owner.user.id);
    // The administrator's key in the workspace, as the API-key routes store it once they act in the workspace.
    const secret = generateApiKey();
    await apiKeysRepository.insert(db, { userId: owner.user.id, name: 'Zapier de Ana', scopes: ['read'], prefix: secret.slice(0, 12), keyHash: hashApiKey(secret), createdBy: admin.user.id });
    const v1 = () => app.inject({ method: 'GET', url: '/api/v1/places', headers: { authorization: `Bearer ${secret}` } });
    expect((await v1()).statusCode).toBe(200);
    // A call before, so this process has the membership cached.
    expect((await members(admin.headers)).statusCode).toBe(200);

    const res = await remove(owner.headers, admin.user.id);
    expect(res.statusCode, res.body).toBe(204);
    const after = await members(admin.headers);
    expect(after.statusCode).toBe(401);
    expect(after.json().error).toBe('Sesión no válida o caducada.');
    expect(await rowOf(owner.user.id, admin.user.id)).toBeUndefined();
    const keys = await db.select().from(apiKeys).where(eq(apiKeys.userId, owner.user.id));
    expect(keys.find((k) => k.createdBy === admin.user.id)?.revokedAt).toBeInstanceOf(Date);
    expect((await v1()).statusCode).toBe(401);
    expect(keys.find((k) => k.id === ownerKey.json().apiKey.id)?.revokedAt).toBeNull();
    const mail = await latestEmail(container, owner.user.email, 'team-keys-revoked');
    expect(mail?.subject).toBe('Claves de API revocadas en «Laura Agencia»');
    expect(mail?.text).toContain('Ana Admin ya no es miembro');
    expect(mail?.text).toContain('«Zapier de Ana»');
    expect(mail?.text).not.toContain('Clave de Laura');
    expect((await remove(owner.headers, admin.user.id)).statusCode).toBe(404);
  });

  it('when a member with no keys is removed, then no e-mail is sent', async () => {
    const owner = await agency();
    const admin = await joinAsNewPerson(app, container, owner.headers, { role: 'admin' });
    expect((await remove(owner.headers, admin.user.id)).statusCode).toBe(204);
    expect(await latestEmail(container, owner.user.email, 'team-keys-revoked')).toBeUndefined();
  });
});

describe('a member removed through another API process', async () => {
  const TTL_MS = 3000;
  const { app, container } = await createTestApp();
  const db = container.database.db;
  const { signedIn } = sessions(app, container);
  // A second process on the same database: its own membership cache, with a short TTL standing in for SESSION_CHECK_TTL_SECONDS.
  const second = await buildApp({ ...container, memberships: new MembershipCheck((w, u) => workspacesRepository.membership(db, w, u), TTL_MS) });
  await second.ready();
  afterAll(() => second.close());
  const callTeam = (headers: Headers, via = app) => via.inject({ method: 'GET', url: '/api/team/members', headers });

  it('when the first process removes a member, then it refuses them at once, and the second within its TTL, not before', async () => {
    const owner = await signedIn('pro_starter');
    const admin = await joinAsNewPerson(app, container, owner.headers, { role: 'admin' });
    expect((await callTeam(admin.headers, second)).statusCode).toBe(200);
    expect((await app.inject({ method: 'DELETE', url: `/api/team/members/${admin.user.id}`, headers: owner.headers })).statusCode).toBe(204);
    expect((await callTeam(admin.headers)).statusCode).toBe(401);
    // The documented bound: until its entry expires the second process still trusts what it read.
    expect((await callTeam(admin.headers, second)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, TTL_MS + 100));
    expect((await callTeam(admin.headers, second)).statusCode).toBe(401);
  });
});
