import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { creditTransactions } from '../../db/billing-schema';
import { createOwnedResources } from '../../../test/owned-resources';
import { MALAGA } from '../../../test/rankmap-fixtures';
import { sessions } from '../../../test/sessions';
import { joinWorkspace } from '../../../test/team';
import { createTestApp } from '../../../test/test-app';
import { creditReference } from '../rankmaps/scan/scan-billing.service';

// What a Miembro and a Cliente see of a workspace (docs/decisions.md §30.6): the lists leave out
// the businesses of clients not assigned to them, and a Miembro's scan is paid by the workspace
// and named after them in the ledger. Every route's status, role by role, is the authorization
// matrix's (security/authorization-matrix.api.test.ts); this file checks what the lists hold.

describe('a workspace seen by a Miembro and a Cliente', async () => {
  const { app, container } = await createTestApp();
  const owner = await createOwnedResources(app, container, { googlePlaceId: 'demo-malaga-dentista-1', coordinates: MALAGA, competitorPlaceId: 'demo-malaga-dentista-2' });
  const ownerSend = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => app.inject({ method, url, headers: owner.headers, ...(payload ? { payload } : {}) });
  // A second client of the owner, with a business of its own.
  const otherClient = (await ownerSend('POST', '/api/clients', { name: 'Cliente Segundo' })).json<{ id: string }>().id;
  const created = await ownerSend('POST', '/api/place', { googlePlaceId: 'demo-malaga-restaurante-1', clientId: otherClient, matrixConfig: { gridSize: 3, radius: 1500, coordinates: MALAGA } });
  if (created.statusCode !== 201) throw new Error(created.body);
  const otherPlace = created.json<{ _id: string }>()._id;
  const otherKeyword = (await ownerSend('POST', '/api/keyword', { placeId: otherPlace, name: 'ortodoncia segunda' })).json<{ _id: string }>()._id;

  const { signedIn } = sessions(app, container);
  const memberOfFirst = (await signedIn()).user;
  const memberOfSecond = (await signedIn()).user;
  const viewerOfSecond = (await signedIn()).user;
  const workspace = owner.user.id;
  const asMemberOfFirst = await joinWorkspace(container, workspace, memberOfFirst.id, 'member', [owner.ids.client]);
  const asMemberOfSecond = await joinWorkspace(container, workspace, memberOfSecond.id, 'member', [otherClient]);
  const asViewerOfSecond = await joinWorkspace(container, workspace, viewerOfSecond.id, 'client', [otherClient]);

  const get = (url: string, headers: Record<string, string>) => app.inject({ method: 'GET', url, headers });

  it('when the fixtures are made, then the second client, its business and its keyword exist', () => {
    expect([otherClient, otherPlace, otherKeyword].every((id) => /^[0-9a-f-]{36}$/.test(id))).toBe(true);
  });

  it('when the owner lists the businesses, then both are there; a Miembro of the second client sees only its business', async () => {
    const all = (await get('/api/place', owner.headers)).json<{ _id: string }[]>().map((p) => p._id);
    expect(all).toEqual(expect.arrayContaining([owner.ids.place, otherPlace]));
    const res = await get('/api/place', asMemberOfSecond);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ _id: string }[]>().map((p) => p._id)).toEqual([otherPlace]);
  });

  it('when a Miembro reads their profile, then it shows the workspace’s plan and only their client’s businesses', async () => {
    const ownerProfile = (await get('/api/user/profile', owner.headers)).json<{ currentPlan: unknown; places: { _id: string }[] }>();
    const res = await get('/api/user/profile', asMemberOfSecond);
    expect(res.statusCode, res.body).toBe(200);
    const profile = res.json<{ email: string; currentPlan: unknown; places: { _id: string }[] }>();
    expect(profile.email).toBe(memberOfSecond.email);
    expect(profile.currentPlan).toEqual(ownerProfile.currentPlan);
    expect(profile.places.map((p) => p._id)).toEqual([otherPlace]);
  });

  it('when a Cliente lists the clients, then only the one assigned to them', async () => {
    const res = await get('/api/clients', asViewerOfSecond);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ clients: { id: string; places: number }[] }>().clients).toEqual([expect.objectContaining({ id: otherClient, places: 1 })]);
  });

  it('when a Cliente reads the portfolio, then only the keywords of their client’s business', async () => {
    const res = await get('/api/portfolio', asViewerOfSecond);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ rows: { keyword: { id: string } }[]; total: number }>();
    expect(body.rows.map((r) => r.keyword.id)).toEqual([otherKeyword]);
    expect(body.total).toBe(1);
    // The owner's portfolio still holds both.
    expect((await get('/api/portfolio', owner.headers)).json<{ total: number }>().total).toBe(2);
  });

  it('when a Miembro lists the campaigns, then neither the other business’s weekly scan nor a campaign on it appears', async () => {
    const res = await get('/api/campaigns', asMemberOfSecond);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.body;
    expect(body).toContain(otherPlace);
    expect(body).not.toContain(owner.ids.place);
    expect(body).not.toContain(owner.ids.campaign);
    const mine = (await get('/api/campaigns', asMemberOfFirst)).body;
    expect(mine).toContain(owner.ids.campaign);
  });

  it('when a Miembro asks for a business of another client, then 404 with the body of an id that does not exist', async () => {
    const hidden = await get(`/api/place/${owner.ids.place}`, asMemberOfSecond);
    const missing = await get(`/api/place/${randomUUID()}`, asMemberOfSecond);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual(missing.json());
    expect((await get(`/api/place/${otherPlace}`, asMemberOfSecond)).statusCode).toBe(200);
  });

  it('when a Miembro runs a scan, then the workspace pays and the ledger names the Miembro', async () => {
    const res = await app.inject({ method: 'POST', url: `/api/rankmap/keyword/${owner.ids.keyword}/analyze`, headers: asMemberOfFirst });
    expect(res.statusCode, res.body).toBe(201);
    const rankMapId = res.json<{ rankMapId: string }>().rankMapId;
    const [spend] = await container.database.db
      .select()
      .from(creditTransactions)
      .where(and(eq(creditTransactions.kind, 'spend'), eq(creditTransactions.reference, creditReference(rankMapId))));
    expect(spend).toMatchObject({ userId: workspace, actorId: memberOfFirst.id });
    expect(spend?.amount).toBeLessThan(0);
  });

  it('when the owner runs a scan, then the ledger names the owner', async () => {
    const res = await app.inject({ method: 'POST', url: `/api/rankmap/keyword/${otherKeyword}/analyze`, headers: owner.headers });
    expect(res.statusCode, res.body).toBe(201);
    const [spend] = await container.database.db.select().from(creditTransactions).where(eq(creditTransactions.reference, creditReference(res.json<{ rankMapId: string }>().rankMapId)));
    expect(spend?.actorId).toBe(owner.user.id);
  });

  it('when a Cliente tries to run a scan on their own client’s business, then 403 ROLE_FORBIDDEN and nothing is spent', async () => {
    const before = await container.database.db.select().from(creditTransactions).where(eq(creditTransactions.userId, workspace));
    const res = await app.inject({ method: 'POST', url: `/api/rankmap/keyword/${otherKeyword}/analyze`, headers: asViewerOfSecond });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'ROLE_FORBIDDEN', error: 'Tu rol en este espacio de trabajo no permite hacer esto.' });
    expect(await container.database.db.select().from(creditTransactions).where(eq(creditTransactions.userId, workspace))).toEqual(before);
  });

  it('when a Miembro adds a business without naming a client, then it goes to their client and they see it', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/place', headers: asMemberOfSecond, payload: { googlePlaceId: 'demo-malaga-restaurante-2', matrixConfig: { gridSize: 3, radius: 1500, coordinates: MALAGA } } });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ _id: string }>()._id;
    expect((await get('/api/place', asMemberOfSecond)).json<{ _id: string; client?: { id: string } | null }[]>().find((p) => p._id === id)?.client?.id).toBe(otherClient);
  });
});
