import type { AnalyzeResponse } from '@rankmaps/shared/schemas/rankmaps';
import type { Report } from '@rankmaps/shared/schemas/report';
import { type CreatedShareLink, type ShareLinkList, SHARE_UNAVAILABLE } from '@rankmaps/shared/schemas/share-links';
import { eq } from 'drizzle-orm';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { GEO_TEST_DATA_DIR } from '../../../test/geo-data-dir';
import { multipartBody } from '../../../test/multipart';
import { MADRID, rankmapFixtures } from '../../../test/rankmap-fixtures';
import { createTestApp } from '../../../test/test-app';
import { shareLinks } from '../../db/share-links-schema';
import { shareTokenHash } from './share-links.service';

type Headers = Record<string, string>;

const tokenOf = (link: CreatedShareLink) => link.url.split('/informe/')[1]!;

describe('share links (API)', async () => {
  const { app, container } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR, RATE_LIMIT_SHARE_MAX: '1000' });
  beforeAll(() => container.seaIndex.ready(), 300_000);
  const { withKeyword, analyze, addKeyword, scannedRankMap } = rankmapFixtures(app, container);
  const db = container.database.db;

  const create = (headers: Headers, payload: object) => app.inject({ method: 'POST', url: '/api/share-links', headers, payload });
  const created = async (headers: Headers, payload: object) => {
    const res = await create(headers, payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<CreatedShareLink>();
  };
  const list = async (headers: Headers, scope: string, targetId: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/share-links?scope=${scope}&targetId=${targetId}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ShareLinkList>().links;
  };
  const view = (token: string, remoteAddress = '192.0.2.10') => app.inject({ method: 'GET', url: `/api/share/${encodeURIComponent(token)}`, remoteAddress });

  const owner = await withKeyword('pro_starter');
  const rankMapId = await scannedRankMap(owner.headers, owner.keywordId);

  it('when the owner shares an analysis, then 201 with the URL; the list shows it again to copy; the token is stored only hashed and encrypted; the public answer is the report and counts the view', async () => {
    const link = await created(owner.headers, { scope: 'analysis', targetId: rankMapId, expiresInDays: 30 });
    expect(link.url).toMatch(/^http:\/\/localhost:3000\/informe\/[A-Za-z0-9_-]{43}$/);
    expect(link).toMatchObject({ scope: 'analysis', views: 0, lastViewedAt: null, revokedAt: null, state: 'active', embedOrigins: [] });
    const days = (Date.parse(link.expiresAt!) - Date.parse(link.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(30, 5);
    const token = tokenOf(link);
    // The hash, for lookups, and the token encrypted: never the token in clear.
    const [row] = await db.select().from(shareLinks).where(eq(shareLinks.id, link.id));
    expect(row!.tokenHash).toBe(shareTokenHash(token));
    expect(row!.tokenEnc).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(token);

    const links = await list(owner.headers, 'analysis', rankMapId);
    expect(links.map((l) => l.id)).toEqual([link.id]);
    expect(links[0]!.url).toBe(link.url);

    const res = await view(token);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<Report>();
    expect(report.scope).toBe('analysis');
    expect(report.place.name).toBeTruthy();
    await view(token);
    const [after] = await list(owner.headers, 'analysis', rankMapId);
    expect(after!.views).toBe(2);
    expect(after!.lastViewedAt).not.toBeNull();
  });

  it('when a keyword and a place are shared, then their reports are the keyword and place reports', async () => {
    const kw = await created(owner.headers, { scope: 'keyword', targetId: owner.keywordId, expiresInDays: null });
    expect(kw.expiresAt).toBeNull();
    await expect(view(tokenOf(kw)).then((r) => r.json<Report>().scope)).resolves.toBe('keyword');
    const place = await created(owner.headers, { scope: 'place', targetId: owner.placeId, expiresInDays: 90, embedOrigins: ['https://Cliente.example.com/', 'https://cliente.example.com:443'] });
    expect(place.embedOrigins).toEqual(['https://cliente.example.com']);
    expect((await view(tokenOf(place))).json<Report>().scope).toBe('place');
    expect((await list(owner.headers, 'place', owner.placeId)).map((l) => l.id)).toEqual([place.id]);
  });

  it('when the owner revokes a link, then it is listed as revoked and its token answers the same 404 as an unknown, an altered or an expired one', async () => {
    const revoked = await created(owner.headers, { scope: 'analysis', targetId: rankMapId, expiresInDays: null });
    const expired = await created(owner.headers, { scope: 'analysis', targetId: rankMapId, expiresInDays: 30 });
    const live = await created(owner.headers, { scope: 'analysis', targetId: rankMapId, expiresInDays: null });
    const del = await app.inject({ method: 'DELETE', url: `/api/share-links/${revoked.id}`, headers: owner.headers });
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json()).toMatchObject({ id: revoked.id, state: 'revoked' });
    await db.update(shareLinks).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(shareLinks.id, expired.id));
    const states = Object.fromEntries((await list(owner.headers, 'analysis', rankMapId)).map((l) => [l.id, l.state]));
    expect([states[revoked.id], states[expired.id], states[live.id]]).toEqual(['revoked', 'expired', 'active']);
    // Only an active link can be copied again.
    const urls = Object.fromEntries((await list(owner.headers, 'analysis', rankMapId)).map((l) => [l.id, l.url]));
    expect([urls[revoked.id], urls[expired.id], urls[live.id]]).toEqual([null, null, live.url]);

    const liveToken = tokenOf(live);
    const altered = `${liveToken.slice(0, -1)}${liveToken.endsWith('A') ? 'B' : 'A'}`;
    const answers = await Promise.all([tokenOf(revoked), tokenOf(expired), altered, 'no-existe', 'A'.repeat(43), `${liveToken}x`].map((t) => view(t)));
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: SHARE_UNAVAILABLE, code: 'SHARE_UNAVAILABLE' });
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect((await view(liveToken)).statusCode).toBe(200);
    // A dead link's views are not counted.
    const [row] = await db.select().from(shareLinks).where(eq(shareLinks.id, revoked.id));
    expect(row!.views).toBe(0);
  });

  it('when a stored token is missing (an older link) or was copied from another link, then that link has no URL to copy, and the rest still list', async () => {
    const older = await created(owner.headers, { scope: 'keyword', targetId: owner.keywordId, expiresInDays: null });
    const copied = await created(owner.headers, { scope: 'keyword', targetId: owner.keywordId, expiresInDays: null });
    const source = await created(owner.headers, { scope: 'keyword', targetId: owner.keywordId, expiresInDays: null });
    const [sourceRow] = await db.select().from(shareLinks).where(eq(shareLinks.id, source.id));
    await db.update(shareLinks).set({ tokenEnc: null }).where(eq(shareLinks.id, older.id));
    await db.update(shareLinks).set({ tokenEnc: sourceRow!.tokenEnc }).where(eq(shareLinks.id, copied.id));
    const urls = Object.fromEntries((await list(owner.headers, 'keyword', owner.keywordId)).map((l) => [l.id, l.url]));
    expect([urls[older.id], urls[copied.id], urls[source.id]]).toEqual([null, null, source.url]);
    // Both still open their report: lookups read the hash alone.
    expect((await view(tokenOf(older))).statusCode).toBe(200);
    expect((await view(tokenOf(copied))).statusCode).toBe(200);
  });

  it('when the target is deleted, then its links go with it and the token answers 404', async () => {
    const keywordId = await addKeyword(owner.headers, owner.placeId, 'ortodoncia');
    const link = await created(owner.headers, { scope: 'keyword', targetId: keywordId, expiresInDays: null });
    expect((await view(tokenOf(link))).statusCode).toBe(200);
    expect((await app.inject({ method: 'DELETE', url: `/api/keyword/${keywordId}`, headers: owner.headers })).statusCode).toBe(200);
    expect((await view(tokenOf(link))).statusCode).toBe(404);
    expect(await db.select().from(shareLinks).where(eq(shareLinks.id, link.id))).toEqual([]);
  });

  it('when another user names the owner’s target or link, then 404 as for a missing one, and nothing changes', async () => {
    const other = await withKeyword('pro_starter', 'demo-madrid-dentista-1', MADRID);
    const link = await created(owner.headers, { scope: 'analysis', targetId: rankMapId, expiresInDays: null });
    for (const [scope, targetId] of [['analysis', rankMapId], ['keyword', owner.keywordId], ['place', owner.placeId]] as const) {
      const res = await create(other.headers, { scope, targetId, expiresInDays: null });
      expect(res.statusCode).toBe(404);
      const listed = await app.inject({ method: 'GET', url: `/api/share-links?scope=${scope}&targetId=${targetId}`, headers: other.headers });
      expect(listed.statusCode).toBe(404);
      expect(listed.json().error).toMatch(/no encontrad/);
    }
    const del = await app.inject({ method: 'DELETE', url: `/api/share-links/${link.id}`, headers: other.headers });
    const missing = await app.inject({ method: 'DELETE', url: `/api/share-links/${crypto.randomUUID()}`, headers: other.headers });
    expect({ status: del.statusCode, body: del.json() }).toEqual({ status: 404, body: missing.json() });
    expect((await view(tokenOf(link))).statusCode).toBe(200);
  });

  it('when the body has a bad scope, expiry or origins, or the analysis is not completed, then 400 in Spanish and no link', async () => {
    const before = (await db.select().from(shareLinks)).length;
    const cases: [object, RegExp][] = [
      [{ scope: 'user', targetId: rankMapId, expiresInDays: null }, /tipo de informe no es válido/],
      [{ scope: 'analysis', targetId: rankMapId, expiresInDays: 7 }, /caducidad no es válida/],
      [{ scope: 'analysis', targetId: rankMapId }, /caducidad no es válida/],
      [{ scope: 'analysis', targetId: rankMapId, expiresInDays: null, embedOrigins: ['http://cliente.example.com'] }, /orígenes https/],
      [{ scope: 'analysis', targetId: rankMapId, expiresInDays: null, embedOrigins: ['https://cliente.example.com/informes'] }, /orígenes https/],
      [{ scope: 'analysis', targetId: rankMapId, expiresInDays: null, embedOrigins: ['*'] }, /orígenes https/],
      [{ scope: 'analysis', targetId: rankMapId, expiresInDays: null, embedOrigins: [1, 2, 3, 4, 5, 6].map((i) => `https://s${i}.example.com`) }, /como máximo 5/],
    ];
    for (const [payload, message] of cases) {
      const res = await create(owner.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error, JSON.stringify(payload)).toMatch(message);
    }
    const pending = await analyze(owner.headers, owner.keywordId, { scheduledFor: new Date(Date.now() + 2 * 86_400_000).toISOString() }, true);
    const notDone = await create(owner.headers, { scope: 'analysis', targetId: pending.json<AnalyzeResponse>().rankMapId, expiresInDays: null });
    expect(notDone.statusCode).toBe(400);
    expect(notDone.json().error).toBe('Solo se pueden compartir análisis completados.');
    expect((await db.select().from(shareLinks)).length).toBe(before);
  });

  it('when the public report is read, then it carries no e-mail, no internal id and no other place', async () => {
    const other = await withKeyword('pro_starter', 'demo-madrid-dentista-3', MADRID);
    const link = await created(owner.headers, { scope: 'place', targetId: owner.placeId, expiresInDays: null });
    const res = await view(tokenOf(link));
    expect(res.statusCode).toBe(200);
    const otherPlace = await app.inject({ method: 'GET', url: `/api/place/${other.placeId}`, headers: other.headers });
    const forbidden = [owner.user.id, owner.user.email, owner.placeId, owner.keywordId, rankMapId, link.id, other.placeId, other.user.email, otherPlace.json<{ name: string }>().name];
    const body = res.body.toLowerCase();
    expect(forbidden.filter((s) => body.includes(s.toLowerCase()))).toEqual([]);
    expect(body).not.toMatch(/@[a-z0-9-]+\.[a-z]/);
    expect(body).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/);
  });

  it('when the shared place is grouped under a client, then the public report names that client and its logo, and no other client or place of anyone', async () => {
    const agency = await withKeyword('pro_starter');
    await scannedRankMap(agency.headers, agency.keywordId);
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#0f766e' } }).png().toBuffer();
    const clientWithLogo = async (headers: Headers, name: string, placeId: string) => {
      const client = (await app.inject({ method: 'POST', url: '/api/clients', headers, payload: { name } })).json<{ id: string }>();
      expect((await app.inject({ method: 'PUT', url: `/api/place/${placeId}/client`, headers, payload: { clientId: client.id } })).statusCode).toBe(200);
      const form = multipartBody([{ name: 'logo', filename: 'logo.png', data: png, contentType: 'image/png' }]);
      const res = await app.inject({ method: 'POST', url: `/api/clients/${client.id}/logo`, headers: { ...headers, ...form.headers }, payload: form.payload });
      expect(res.statusCode, res.body).toBe(200);
      return { id: client.id, name, logoUrl: res.json<{ logoUrl: string }>().logoUrl };
    };
    const mine = await clientWithLogo(agency.headers, 'Grupo Dental Sur', agency.placeId);
    // The agency's other client, on its other place, and another agency's client on its own place.
    const secondPlace = (await app.inject({ method: 'POST', url: '/api/place', headers: agency.headers, payload: { googlePlaceId: 'demo-madrid-dentista-4', matrixConfig: { gridSize: 3, radius: 1500, coordinates: MADRID } } })).json<{ _id: string }>()._id;
    const sibling = await clientWithLogo(agency.headers, 'Clínica Hermana', secondPlace);
    const rival = await withKeyword('pro_starter', 'demo-madrid-dentista-2', MADRID);
    const stranger = await clientWithLogo(rival.headers, 'Cliente Ajeno', rival.placeId);

    for (const [scope, targetId] of [['place', agency.placeId], ['keyword', agency.keywordId]] as const) {
      const res = await view(tokenOf(await created(agency.headers, { scope, targetId, expiresInDays: null })));
      expect(res.statusCode).toBe(200);
      expect(res.json<Report>().client).toEqual({ name: mine.name, logoUrl: mine.logoUrl });
      const body = res.body.toLowerCase();
      const forbidden = [mine.id, sibling.id, sibling.name, sibling.logoUrl, stranger.id, stranger.name, stranger.logoUrl, secondPlace, rival.placeId];
      expect(forbidden.filter((s) => body.includes(s.toLowerCase()))).toEqual([]);
      expect(body).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/);
    }
    // The public logo answers without a session; the sibling's place report names only its own client.
    expect((await app.inject({ method: 'GET', url: mine.logoUrl })).statusCode).toBe(200);
    const siblingReport = await view(tokenOf(await created(agency.headers, { scope: 'place', targetId: secondPlace, expiresInDays: null })));
    expect(siblingReport.json<Report>().client).toEqual({ name: sibling.name, logoUrl: sibling.logoUrl });
    expect(siblingReport.body).not.toContain(mine.name);
  });

  it('when the public report is answered, then it is noindex, not stored and sends no referrer', async () => {
    const link = await created(owner.headers, { scope: 'analysis', targetId: rankMapId, expiresInDays: null });
    const res = await view(tokenOf(link));
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });
});

describe('share links past the rate limit (API)', async () => {
  const { app } = await createTestApp({ RATE_LIMIT_SHARE_MAX: '3' });
  it('when one address asks for shared reports past its limit, then 429 in Spanish, and another address is not affected', async () => {
    const call = (remoteAddress: string) => app.inject({ method: 'GET', url: '/api/share/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', remoteAddress });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await call('198.51.100.20')).statusCode);
    expect(statuses).toEqual([404, 404, 404]);
    const refused = await call('198.51.100.20');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('Demasiadas peticiones. Inténtalo de nuevo en unos minutos.');
    expect(refused.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect((await call('198.51.100.21')).statusCode).toBe(404);
  });
});

describe('the share page /informe/{token}', async () => {
  const { app: api, container } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR });
  beforeAll(() => container.seaIndex.ready(), 300_000);
  const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web');
  const dist = mkdtempSync(path.join(tmpdir(), 'rm-share-dist-'));
  copyFileSync(path.join(web, 'index.html'), path.join(dist, 'index.html'));
  copyFileSync(path.join(web, 'share.html'), path.join(dist, 'share.html'));
  const app = await buildApp(container, { serveWeb: true, webDist: dist });
  await app.ready();
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });
  const { withKeyword } = rankmapFixtures(api, container);
  const owner = await withKeyword('pro_starter');
  const frameAncestors = (csp: unknown) => /frame-ancestors ([^;]*)/.exec(String(csp))?.[1];

  it('when a link allows embedding origins, then its page may be framed by them alone, is noindex and not stored', async () => {
    const res = await api.inject({ method: 'POST', url: '/api/share-links', headers: owner.headers, payload: { scope: 'place', targetId: owner.placeId, expiresInDays: null, embedOrigins: ['https://cliente.example.com', 'https://agencia.example.org:8443'] } });
    const page = await app.inject({ method: 'GET', url: `/informe/${tokenOf(res.json<CreatedShareLink>())}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(frameAncestors(page.headers['content-security-policy'])).toBe('https://cliente.example.com https://agencia.example.org:8443');
    expect(page.headers['x-frame-options']).toBeUndefined();
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.body).toContain('<meta name="robots" content="noindex,nofollow" />');
    expect(page.body).toContain('share-main');
  });

  it('when a link allows no origin, or the token opens nothing, then the page cannot be framed at all and is noindex', async () => {
    const res = await api.inject({ method: 'POST', url: '/api/share-links', headers: owner.headers, payload: { scope: 'place', targetId: owner.placeId, expiresInDays: 30 } });
    for (const token of [tokenOf(res.json<CreatedShareLink>()), 'no-existe']) {
      const page = await app.inject({ method: 'GET', url: `/informe/${token}` });
      expect(page.statusCode).toBe(200);
      expect(frameAncestors(page.headers['content-security-policy'])).toBe("'none'");
      expect(page.headers['x-frame-options']).toBe('DENY');
      expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    }
  });
});
