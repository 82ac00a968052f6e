import type { AnalyzeResponse } from '@rankmaps/shared/schemas/rankmaps';
import type { NotificationList, NotificationSettings } from '@rankmaps/shared/schemas/notifications';
import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories';
import { fastScanDeps, scriptedProvider } from '../../../test/scan-doubles';
import { createTestApp } from '../../../test/test-app';
import { rankmapFixtures } from '../../../test/rankmap-fixtures';
import { emails } from '../../db/schema';
import { notifications } from '../../db/notifications-schema';
import { workspaceMembers } from '../../db/workspaces-schema';
import { runScan } from '../rankmaps/scan/scan.service';
import { evaluateAnalysis, notifyUser } from './notifications.service';

// Alerts in a workspace of several people (docs/decisions.md §30.5): an alert about a business
// reaches every member who can see it (owner and admins always; a Miembro or Cliente when the
// business is one of their clients'), each in their own bell and e-mail, with their own mutes.

type Headers = Record<string, string>;
const { app, container } = await createTestApp();
const fx = rankmapFixtures(app, container);
const db = container.database.db;

async function member(workspaceId: string, role: 'admin' | 'member' | 'client', clientIds: string[], name: string) {
  const user = await buildUser(container, { name });
  await db.insert(workspaceMembers).values({ workspaceId, userId: user.id, role, clientIds });
  return { user, headers: { authorization: `Bearer ${await container.accessTokens.sign(user.id, undefined, workspaceId)}` } };
}
const clientNamed = async (headers: Headers, name: string) => {
  const res = await app.inject({ method: 'POST', url: '/api/clients', headers, payload: { name } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
};
const assign = async (headers: Headers, placeId: string, clientId: string) => {
  const res = await app.inject({ method: 'PUT', url: `/api/place/${placeId}/client`, headers, payload: { clientId } });
  expect(res.statusCode, res.body).toBe(200);
};
const scanned = async (headers: Headers, keywordId: string) => {
  const res = await fx.analyze(headers, keywordId, { query: 'dentista', maxResults: 20 });
  expect(res.statusCode, res.body).toBe(201);
  const { rankMapId } = res.json<AnalyzeResponse>();
  expect(await runScan(fastScanDeps(container, scriptedProvider().provider), rankMapId)).toBe('completed');
  return rankMapId;
};
const bell = async (headers: Headers) => (await app.inject({ method: 'GET', url: '/api/notifications', headers })).json<NotificationList>();
const alertMailsTo = (to: string) => db.select().from(emails).where(and(eq(emails.to, to), like(emails.kind, 'alert-%')));

describe('an alert on a client’s business', () => {
  let owner: Awaited<ReturnType<typeof fx.withKeyword>>;
  let people: Record<'admin' | 'memberA' | 'viewerA' | 'memberB' | 'mutedA', Awaited<ReturnType<typeof member>>>;
  let rankMapId: string;

  beforeAll(async () => {
    owner = await fx.withKeyword('pro_agency');
    const placeB = await fx.createPlace(owner.headers, 'demo-malaga-dentista-2');
    const clientA = await clientNamed(owner.headers, 'Clínica A');
    const clientB = await clientNamed(owner.headers, 'Clínica B');
    await assign(owner.headers, owner.placeId, clientA);
    await assign(owner.headers, placeB, clientB);
    const ws = owner.user.id;
    people = {
      admin: await member(ws, 'admin', [], 'Admin'),
      memberA: await member(ws, 'member', [clientA], 'Miembro A'),
      viewerA: await member(ws, 'client', [clientA], 'Cliente A'),
      memberB: await member(ws, 'member', [clientB], 'Miembro B'),
      mutedA: await member(ws, 'member', [clientA], 'Miembro A silenciado'),
    };
    // Each member's own preferences: this one mutes client A's business (theirs to see, so theirs to mute).
    const settings = (await app.inject({ method: 'GET', url: '/api/notifications/settings', headers: people.mutedA.headers })).json<NotificationSettings>();
    const muted = await app.inject({ method: 'PUT', url: '/api/notifications/settings', headers: people.mutedA.headers, payload: { ...settings, mutedPlaceIds: [owner.placeId] } });
    expect(muted.statusCode, muted.body).toBe(200);
    // Client B's member cannot mute a business they do not see: as for any place not theirs, 404.
    const refused = await app.inject({ method: 'PUT', url: '/api/notifications/settings', headers: people.memberB.headers, payload: { ...settings, mutedPlaceIds: [owner.placeId] } });
    expect(refused.statusCode).toBe(404);
    rankMapId = await scanned(owner.headers, owner.keywordId);
    await evaluateAnalysis(container, rankMapId);
  }, 120_000);

  it('reaches the owner, the admin and client A’s Miembro and Cliente, each in their own bell', async () => {
    for (const who of [{ headers: owner.headers }, people.admin, people.memberA, people.viewerA]) {
      const items = (await bell(who.headers)).notifications;
      expect(items.filter((n) => n.rankMapId === rankMapId).map((n) => n.kind)).toEqual(['scan-completed']);
    }
  });

  it('does not reach client B’s member, nor the member who muted the business', async () => {
    for (const who of [people.memberB, people.mutedA]) {
      expect((await bell(who.headers)).notifications.filter((n) => n.rankMapId === rankMapId)).toEqual([]);
    }
    const rows = await db.select({ userId: notifications.userId }).from(notifications).where(eq(notifications.rankMapId, rankMapId));
    expect(rows.map((r) => r.userId).sort()).toEqual([owner.user.id, people.admin.user.id, people.memberA.user.id, people.viewerA.user.id].sort());
  });

  it('e-mails each recipient at their own address, and a second evaluation sends nothing again', async () => {
    for (const who of [people.admin, people.memberA, people.viewerA]) expect((await alertMailsTo(who.user.email)).length).toBe(1);
    expect((await alertMailsTo(people.memberB.user.email)).length).toBe(0);
    expect(await evaluateAnalysis(container, rankMapId)).toBe(0);
    expect((await alertMailsTo(people.memberA.user.email)).length).toBe(1);
  });

  it('marks as read in one bell only', async () => {
    const mine = (await bell(people.memberA.headers)).notifications.find((n) => n.rankMapId === rankMapId)!;
    expect((await app.inject({ method: 'POST', url: `/api/notifications/${mine.id}/read`, headers: people.memberA.headers })).statusCode).toBeLessThan(300);
    expect((await bell(people.memberA.headers)).notifications.find((n) => n.id === mine.id)?.readAt).not.toBeNull();
    expect((await bell(people.viewerA.headers)).notifications.find((n) => n.rankMapId === rankMapId)?.readAt).toBeNull();
  });

  it('an alert about no business (the credits) reaches the owner and the admins only', async () => {
    const created = await notifyUser(container, owner.user.id, [{ kind: 'credits-running-out', dedupeKey: `credits-running-out:${owner.user.id}:test`, placeId: null, title: 'Te quedan pocos créditos', body: 'Compra más.', link: '/creditos', data: {} }]);
    expect(created).toBe(2);
    const rows = await db.select({ userId: notifications.userId }).from(notifications).where(like(notifications.dedupeKey, `credits-running-out:${owner.user.id}:test%`));
    expect(rows.map((r) => r.userId).sort()).toEqual([owner.user.id, people.admin.user.id].sort());
  });
});
