import { randomUUID } from 'node:crypto';
import type { ActivityList } from '@rankmaps/shared/schemas/activity';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { rankmapFixtures } from '../../../test/rankmap-fixtures';
import { workspaceMembers } from '../../db/workspaces-schema';
import { buildUser } from '../../../test/factories';
import { activityRepository } from './activity.repository';

// The activity log through the API (docs/decisions.md §30.5): what the route kit records after
// a 2xx answer, who may read it, its filters, pages and CSV, and bad filters.

const { app, container } = await createTestApp();
const fx = rankmapFixtures(app, container);
type Headers = Record<string, string>;

const list = (headers: Headers, query = '') => app.inject({ method: 'GET', url: `/api/activity${query}`, headers });
const entries = async (headers: Headers, query = '') => {
  const res = await list(headers, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ActivityList>();
};
/** The recorder writes after the answer has gone: wait until `n` entries are there. */
const settled = async (headers: Headers, n: number, query = '') => {
  await expect.poll(async () => (await entries(headers, query)).items.length, { timeout: 5_000, interval: 50 }).toBeGreaterThanOrEqual(n);
  return entries(headers, query);
};

/** A person added to `workspaceId` with a role, and their headers for that workspace. */
async function memberOf(workspaceId: string, role: 'admin' | 'member' | 'client', clientIds: string[] = [], name = 'Miembro de Prueba') {
  const user = await buildUser(container, { name });
  await container.database.db.insert(workspaceMembers).values({ workspaceId, userId: user.id, role, clientIds });
  return { user, headers: { authorization: `Bearer ${await container.accessTokens.sign(user.id, undefined, workspaceId)}` } };
}

const clientOf = async (headers: Headers) => {
  const res = await app.inject({ method: 'POST', url: '/api/clients', headers, payload: { name: `Cliente ${randomUUID().slice(0, 6)}` } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
};

describe('recording', () => {
  let owner: Awaited<ReturnType<typeof fx.withKeyword>>;
  beforeAll(async () => {
    owner = await fx.withKeyword('pro_agency');
  });

  it('records the business and the keyword made, with actor, target, label and address', async () => {
    const { items } = await settled(owner.headers, 2);
    const place = items.find((e) => e.action === 'createPlace');
    const keyword = items.find((e) => e.action === 'createKeyword');
    expect(place).toMatchObject({ kind: 'business', actor: { id: owner.user.id, name: owner.user.name }, target: { type: 'place', id: owner.placeId }, ip: '127.0.0.1' });
    expect(place?.target?.label).toBeTruthy();
    expect(keyword).toMatchObject({ kind: 'keyword', target: { type: 'keyword', id: owner.keywordId, label: 'dentista' } });
    expect(keyword?.summary).toBe(`${owner.user.name} añadió una keyword «dentista».`);
  });

  it('records a scan with the credits it took', { timeout: 120_000 }, async () => {
    const res = await fx.analyze(owner.headers, owner.keywordId);
    expect(res.statusCode, res.body).toBe(201);
    const charged = res.json<{ creditsCharged: number }>().creditsCharged;
    expect(charged).toBeGreaterThan(0);
    const { items } = await settled(owner.headers, 1, '?kind=scan');
    expect(items[0]).toMatchObject({ action: 'analyzeKeyword', kind: 'scan', target: { type: 'keyword', id: owner.keywordId }, details: { credits: charged } });
  });

  it('records a share link and an API key; a refused call records nothing', async () => {
    const link = await app.inject({ method: 'POST', url: '/api/share-links', headers: owner.headers, payload: { scope: 'place', targetId: owner.placeId, expiresInDays: 30 } });
    expect(link.statusCode, link.body).toBe(201);
    const key = await app.inject({ method: 'POST', url: '/api/api-keys', headers: owner.headers, payload: { name: 'Zapier', scopes: ['read'] } });
    expect(key.statusCode, key.body).toBe(201);
    const refused = await app.inject({ method: 'POST', url: '/api/api-keys', headers: owner.headers, payload: { name: '', scopes: [] } });
    expect(refused.statusCode).toBe(400);
    const { items: shares } = await settled(owner.headers, 1, '?kind=share');
    expect(shares[0]).toMatchObject({ action: 'createReportShareLink', target: { type: 'shareLink', id: link.json<{ id: string }>().id } });
    const { items: integrations } = await settled(owner.headers, 1, '?kind=integration');
    expect(integrations).toHaveLength(1);
    expect(integrations[0]).toMatchObject({ action: 'createApiKey', target: { type: 'apiKey', id: key.json<{ apiKey: { id: string } }>().apiKey.id, label: 'Zapier' } });
  });

  it('records a deletion with the target from the path', async () => {
    const other = await fx.addKeyword(owner.headers, owner.placeId, 'clínica dental');
    const res = await app.inject({ method: 'DELETE', url: `/api/keyword/${other}`, headers: owner.headers });
    expect(res.statusCode, res.body).toBeLessThan(300);
    await expect.poll(async () => (await entries(owner.headers, '?kind=keyword')).items.find((e) => e.action === 'deleteKeyword')?.target, { timeout: 5_000, interval: 50 }).toMatchObject({ type: 'keyword', id: other });
  });

  it('records what an API key does, as the person who created it, with the key', async () => {
    const key = await app.inject({ method: 'POST', url: '/api/api-keys', headers: owner.headers, payload: { name: 'Integración', scopes: ['read', 'scans'] } });
    const { apiKey: { id: keyId }, key: secret } = key.json<{ apiKey: { id: string }; key: string }>();
    const res = await app.inject({ method: 'POST', url: '/api/v1/share-links', headers: { authorization: `Bearer ${secret}` }, payload: { scope: 'place', targetId: owner.placeId, expiresInDays: 30 } });
    expect(res.statusCode, res.body).toBe(201);
    await expect.poll(async () => (await entries(owner.headers, '?kind=share')).items.find((e) => e.action === 'createShareLink'), { timeout: 5_000, interval: 50 }).toMatchObject({ actor: { id: owner.user.id } });
    const [row] = (await activityRepository.list(container.database.db, { workspaceId: owner.user.id, kind: 'share' }, null, 1)).filter((r) => r.action === 'createShareLink');
    expect(row?.apiKeyId).toBe(keyId);
  });

  it('records an Idempotency-Key call once, however often it is replayed', async () => {
    const key = await app.inject({ method: 'POST', url: '/api/api-keys', headers: owner.headers, payload: { name: 'Reintentos', scopes: ['scans'] } });
    const headers = { authorization: `Bearer ${key.json<{ key: string }>().key}`, 'idempotency-key': randomUUID() };
    const payload = { scope: 'keyword', targetId: owner.keywordId, expiresInDays: 90 };
    const first = await app.inject({ method: 'POST', url: '/api/v1/share-links', headers, payload });
    expect(first.statusCode, first.body).toBe(201);
    const replay = await app.inject({ method: 'POST', url: '/api/v1/share-links', headers, payload });
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const linkId = first.json<{ id: string }>().id;
    const ofLink = async () => (await entries(owner.headers, '?kind=share&limit=100')).items.filter((e) => e.target?.id === linkId);
    await expect.poll(async () => (await ofLink()).length, { timeout: 5_000, interval: 50 }).toBe(1);
    await app.activityRecorder.drain();
    expect(await ofLink()).toHaveLength(1);
  });

  it('records a member’s action in the workspace, under their name', async () => {
    const member = await memberOf(owner.user.id, 'admin', [], 'Berta Admin');
    const res = await app.inject({ method: 'POST', url: '/api/clients', headers: member.headers, payload: { name: 'Clínica Sol' } });
    expect(res.statusCode, res.body).toBe(201);
    const { items } = await settled(owner.headers, 1, `?memberId=${member.user.id}`);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ action: 'createClient', kind: 'client', actor: { id: member.user.id, name: 'Berta Admin' }, target: { type: 'client', label: 'Clínica Sol' } });
    expect(items[0]?.summary).toBe('Berta Admin creó un cliente «Clínica Sol».');
  });
});

describe('recording the team', () => {
  it('records a member’s new role, under the member’s name', async () => {
    const owner = await fx.signedIn('pro_agency');
    const member = await memberOf(owner.user.id, 'member', [await clientOf(owner.headers)], 'Carla Miembro');
    const res = await app.inject({ method: 'PUT', url: `/api/team/members/${member.user.id}`, headers: owner.headers, payload: { role: 'admin', clientIds: [] } });
    expect(res.statusCode, res.body).toBe(200);
    const { items } = await settled(owner.headers, 1, '?kind=member');
    expect(items[0]).toMatchObject({ action: 'updateTeamMember', actor: { id: owner.user.id }, target: { type: 'member', id: member.user.id, label: 'Carla Miembro' } });
    expect(items[0]?.summary).toBe(`${owner.user.name} cambió el rol o los clientes de un miembro «Carla Miembro».`);
  });
});

describe('reading', () => {
  let owner: Awaited<ReturnType<typeof fx.signedIn>>;
  const at = (iso: string) => new Date(iso);
  beforeAll(async () => {
    owner = await fx.signedIn();
    const base = { workspaceId: owner.user.id, actorId: owner.user.id, actorName: owner.user.name, ip: '203.0.113.9' };
    // 2026-03-28 23:30 UTC is already the 29th in Madrid (CET, +1); 2026-03-29 22:30 UTC is the 30th (CEST, +2).
    await activityRepository.insert(container.database.db, [
      { ...base, kind: 'keyword', action: 'createKeyword', targetType: 'keyword', targetId: randomUUID(), targetLabel: '=cmd|calc', createdAt: at('2026-03-28T22:30:00Z') },
      { ...base, kind: 'scan', action: 'analyzeKeyword', details: { credits: 49 }, createdAt: at('2026-03-28T23:30:00Z') },
      { ...base, kind: 'scan', action: 'analyzeKeyword', details: { credits: 25 }, createdAt: at('2026-03-29T21:30:00Z') },
      { ...base, kind: 'share', action: 'createReportShareLink', createdAt: at('2026-03-29T22:30:00Z') },
      { workspaceId: owner.user.id, actorId: null, actorName: 'Sistema', kind: 'plan', action: 'subscriptionCreated', createdAt: at('2026-03-30T10:00:00Z') },
    ]);
  });

  it('lists newest first, the system as a null actor', async () => {
    const { items, nextCursor } = await entries(owner.headers);
    expect(items.map((e) => e.action)).toEqual(['subscriptionCreated', 'createReportShareLink', 'analyzeKeyword', 'analyzeKeyword', 'createKeyword']);
    expect(items[0]).toMatchObject({ actor: null, summary: 'Se contrató el plan.' });
    expect(nextCursor).toBeNull();
  });

  it('filters by kind, member and Madrid days', async () => {
    expect((await entries(owner.headers, '?kind=scan')).items.map((e) => e.details)).toEqual([{ credits: 25 }, { credits: 49 }]);
    expect((await entries(owner.headers, `?memberId=${owner.user.id}`)).items).toHaveLength(4);
    expect((await entries(owner.headers, `?memberId=${randomUUID()}`)).items).toHaveLength(0);
    // The 29th in Madrid: from 2026-03-28 23:00 UTC to 2026-03-29 22:00 UTC.
    expect((await entries(owner.headers, '?from=2026-03-29&to=2026-03-29')).items.map((e) => e.details)).toEqual([{ credits: 25 }, { credits: 49 }]);
    expect((await entries(owner.headers, '?from=2026-03-30')).items.map((e) => e.action)).toEqual(['subscriptionCreated', 'createReportShareLink']);
    expect((await entries(owner.headers, '?to=2026-03-28')).items.map((e) => e.action)).toEqual(['createKeyword']);
  });

  it('pages with a keyset cursor, each entry once', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: ActivityList = await entries(owner.headers, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((e) => e.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
  });

  it('downloads the same entries as CSV, with Spanish headers, Madrid times and formulas neutralised', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/activity.csv?kind=keyword', headers: owner.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="actividad-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Fecha;Persona;Tipo;Acción;Objeto;Dirección IP');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe(`2026-03-28 23:30:00;${owner.user.name};Keywords;${owner.user.name} añadió una keyword «=cmd|calc».;'=cmd|calc;203.0.113.9`);
  });

  it('answers bad filters with 400 in Spanish', async () => {
    const cases: [string, RegExp][] = [
      ['?kind=todo', /tipo de actividad no es válido/],
      ['?from=2026-02-30', /«desde» debe ser un día válido/],
      ['?to=28-03-2026', /«hasta» debe ser un día válido/],
      ['?from=2026-04-01&to=2026-03-01', /no puede ser posterior/],
      ['?memberId=ana', /persona elegida no es válida/],
      ['?limit=0', /entre 1 y 100/],
      ['?limit=101', /entre 1 y 100/],
      ['?cursor=nope', /cursor no es válido/],
    ];
    for (const [query, message] of cases) {
      for (const url of ['/api/activity', '/api/activity.csv']) {
        const res = await app.inject({ method: 'GET', url: `${url}${query}`, headers: owner.headers });
        if (url.endsWith('.csv') && query.startsWith('?cursor')) continue;
        expect(res.statusCode, `${url}${query}: ${res.body}`).toBe(400);
        expect(res.json<{ error: string }>().error, query).toMatch(message);
      }
    }
  });

  it('is for owners and admins of the workspace only; another workspace sees none of it', async () => {
    const admin = await memberOf(owner.user.id, 'admin');
    expect((await entries(admin.headers)).items).toHaveLength(5);
    for (const role of ['member', 'client'] as const) {
      const member = await memberOf(owner.user.id, role);
      expect((await list(member.headers)).statusCode).toBe(403);
      expect((await app.inject({ method: 'GET', url: '/api/activity.csv', headers: member.headers })).statusCode).toBe(403);
    }
    const stranger = await fx.signedIn();
    expect((await entries(stranger.headers)).items).toHaveLength(0);
    expect((await list({})).statusCode).toBe(401);
  });
});
