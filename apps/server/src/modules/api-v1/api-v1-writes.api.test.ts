import { createHash, randomUUID } from 'node:crypto';
import type { CreatedApiKey } from '@rankmaps/shared/schemas/api-keys';
import type { Campaign } from '@rankmaps/shared/schemas/campaigns';
import { count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { GEO_TEST_DATA_DIR } from '../../../test/geo-data-dir';
import { MALAGA, rankmapFixtures } from '../../../test/rankmap-fixtures';
import { fastScanDeps, scriptedProvider } from '../../../test/scan-doubles';
import { createTestApp } from '../../../test/test-app';
import { apiIdempotencyKeys } from '../../db/api-idempotency-schema';
import { rankMaps } from '../../db/rankmaps-schema';
import { creditsService } from '../billing/credits.service';
import { runScan } from '../rankmaps/scan/scan.service';
import { sweepIdempotencyKeys } from './idempotency';

type Headers = Record<string, string>;
type Page<T> = { data: T[]; nextCursor: string | null };
type Analysis = { id: string; status: string; gridPoints: number; creditsCharged: number; keywordId: string };

// The rest of /api/v1 (docs/api.md, docs/decisions.md §26.3): starting analyses with
// Idempotency-Key, bulk keywords, one place, results, comparison, CSV, report, share links,
// campaigns, portfolio and forecast, through a real database and real HTTP handling.
describe('/api/v1 writes and the rest of the reads (API)', async () => {
  const { app, container } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR, RATE_LIMIT_API_MAX: '1000' });
  beforeAll(() => container.seaIndex.ready(), 300_000);
  const db = container.database.db;
  const { signedIn, withKeyword, createPlace, addKeyword, balance } = rankmapFixtures(app, container);

  const newKey = async (headers: Headers, scopes: string[] = ['read', 'scans']) => {
    const res = await app.inject({ method: 'POST', url: '/api/api-keys', headers, payload: { name: 'Pruebas', scopes } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<CreatedApiKey>().key;
  };
  const v1 = (key: string, method: 'GET' | 'POST', url: string, payload?: unknown, extra: Headers = {}) =>
    app.inject({ method, url: `/api/v1${url}`, headers: { authorization: `Bearer ${key}`, ...extra }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const analysesOf = async (keywordId: string) => (await db.select({ n: count() }).from(rankMaps).where(eq(rankMaps.keywordId, keywordId)))[0]?.n;

  it('when a key with scans starts an analysis, then 201 with the analysis, its credits charged, and a read-only key gets 403', { timeout: 60_000 }, async () => {
    const { user, headers, keywordId, placeId } = await withKeyword('pro_agency');
    const key = await newKey(headers);
    const before = await balance(user.id);
    const res = await v1(key, 'POST', `/keywords/${keywordId}/analyses`, { query: 'dentista urgencias' });
    expect(res.statusCode, res.body).toBe(201);
    const a = res.json<Analysis & { query: string; placeId: string }>();
    expect(a).toMatchObject({ keywordId, placeId, query: 'dentista urgencias', status: 'pending' });
    expect(a.creditsCharged).toBe(a.gridPoints);
    expect(await balance(user.id)).toBe(before - a.gridPoints);
    expect((await v1(key, 'GET', `/analyses/${a.id}`)).json()).toEqual(a);

    const readOnly = await newKey(headers, ['read']);
    const refused = await v1(readOnly, 'POST', `/keywords/${keywordId}/analyses`, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'MISSING_SCOPE' });
    expect(await analysesOf(keywordId)).toBe(1);
  });

  it('when the account has no credits left, then the service’s 403 INSUFFICIENT_CREDITS comes through in Spanish and nothing is created', { timeout: 60_000 }, async () => {
    const { headers, keywordId, user: { id: user } } = await withKeyword('pro_agency');
    const key = await newKey(headers);
    await creditsService.adjust(db, { userId: user, source: 'subscription', amount: 0, reference: `zero-${user}` });
    await creditsService.adjust(db, { userId: user, source: 'extra', amount: 0, reference: `zero-extra-${user}` });
    expect(await balance(user)).toBe(0);
    const res = await v1(key, 'POST', `/keywords/${keywordId}/analyses`, {}, { 'idempotency-key': 'sin-creditos' });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({ code: 'INSUFFICIENT_CREDITS', error: expect.stringContaining('créditos') });
    expect(await analysesOf(keywordId)).toBe(0);
  });

  it('when a POST is repeated with the same Idempotency-Key and body, then the first answer comes back, replayed, with one analysis and one charge; another body is 409', { timeout: 60_000 }, async () => {
    const { user, headers, keywordId } = await withKeyword('pro_agency');
    const key = await newKey(headers);
    const before = await balance(user.id);
    const first = await v1(key, 'POST', `/keywords/${keywordId}/analyses`, { query: 'dentista' }, { 'idempotency-key': 'lanzar-1' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await v1(key, 'POST', `/keywords/${keywordId}/analyses`, { query: 'dentista' }, { 'idempotency-key': 'lanzar-1' });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await analysesOf(keywordId)).toBe(1);
    const charged = first.json<Analysis>().gridPoints;
    expect(await balance(user.id)).toBe(before - charged);

    const other = await v1(key, 'POST', `/keywords/${keywordId}/analyses`, { query: 'ortodoncia' }, { 'idempotency-key': 'lanzar-1' });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ code: 'IDEMPOTENCY_KEY_REUSED', error: 'Esta Idempotency-Key ya se usó con otra petición distinta: usa una clave nueva para cada operación.' });
    // The same header on another key is another operation.
    const second = await v1(await newKey(headers), 'POST', `/keywords/${keywordId}/analyses`, { query: 'dentista' }, { 'idempotency-key': 'lanzar-1' });
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(await analysesOf(keywordId)).toBe(2);
    expect(await balance(user.id)).toBe(before - 2 * charged);

    for (const bad of ['', 'x'.repeat(256), 'ñandú']) {
      const res = await v1(key, 'POST', `/keywords/${keywordId}/analyses`, {}, { 'idempotency-key': bad });
      expect(res.statusCode, bad.slice(0, 10)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_IDEMPOTENCY_KEY' });
    }
    expect(await analysesOf(keywordId)).toBe(2);
  });

  it('when two identical requests with the same Idempotency-Key arrive together, then one analysis starts and credits are charged once', { timeout: 60_000 }, async () => {
    const { user, headers, keywordId } = await withKeyword('pro_agency');
    const key = await newKey(headers);
    const before = await balance(user.id);
    const send = () => v1(key, 'POST', `/keywords/${keywordId}/analyses`, { query: 'dentista' }, { 'idempotency-key': 'a-la-vez' });
    const answers = await Promise.all([send(), send(), send()]);
    const statuses = answers.map((r) => r.statusCode).sort();
    const created = answers.filter((r) => r.statusCode === 201);
    expect(created.length, statuses.join()).toBeGreaterThanOrEqual(1);
    for (const r of answers.filter((x) => x.statusCode !== 201)) expect(r.json()).toMatchObject({ code: 'IDEMPOTENCY_IN_PROGRESS' });
    const ids = new Set(created.map((r) => r.json<Analysis>().id));
    expect(ids.size).toBe(1);
    expect(await analysesOf(keywordId)).toBe(1);
    expect(await balance(user.id)).toBe(before - created[0]!.json<Analysis>().gridPoints);
    // Once the first has finished, a retry gets its answer.
    const retry = await send();
    expect(retry.statusCode).toBe(201);
    expect(retry.json<Analysis>().id).toBe([...ids][0]);
  });

  it('when a key’s row is older than 24 hours, or a reservation was abandoned mid-request, then the same Idempotency-Key does the work again', { timeout: 60_000 }, async () => {
    const { headers, keywordId } = await withKeyword('pro_agency');
    const key = await newKey(headers);
    const first = await v1(key, 'POST', `/keywords/${keywordId}/analyses`, {}, { 'idempotency-key': 'caduca' });
    expect(first.statusCode).toBe(201);
    await db.update(apiIdempotencyKeys).set({ createdAt: new Date(Date.now() - 24 * 3600_000 - 1000) }).where(eq(apiIdempotencyKeys.key, 'caduca'));
    const later = await v1(key, 'POST', `/keywords/${keywordId}/analyses`, {}, { 'idempotency-key': 'caduca' });
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(later.json<Analysis>().id).not.toBe(first.json<Analysis>().id);
    expect(await analysesOf(keywordId)).toBe(2);

    // A reservation whose request never answered (its process died): in progress for two minutes, then taken over.
    const [row] = await db.select().from(apiIdempotencyKeys).where(eq(apiIdempotencyKeys.key, 'caduca'));
    const requestHash = createHash('sha256').update(`POST\n/api/v1/keywords/${keywordId}/analyses\n{}`, 'utf8').digest('hex');
    await db.insert(apiIdempotencyKeys).values({ apiKeyId: row!.apiKeyId, key: 'huerfana', requestHash, createdAt: new Date(Date.now() - 30_000) });
    const busy = await v1(key, 'POST', `/keywords/${keywordId}/analyses`, {}, { 'idempotency-key': 'huerfana' });
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({ code: 'IDEMPOTENCY_IN_PROGRESS' });
    await db.update(apiIdempotencyKeys).set({ createdAt: new Date(Date.now() - 3 * 60_000) }).where(eq(apiIdempotencyKeys.key, 'huerfana'));
    const taken = await v1(key, 'POST', `/keywords/${keywordId}/analyses`, {}, { 'idempotency-key': 'huerfana' });
    expect(taken.statusCode).toBe(201);
    expect(await analysesOf(keywordId)).toBe(3);
  });

  it('when the hourly sweep runs, then the rows past their 24 hours go, whatever their key, and the recent ones stay', { timeout: 60_000 }, async () => {
    const { headers, keywordId } = await withKeyword('pro_agency');
    const key = await newKey(headers);
    for (const k of ['barrido-viejo', 'barrido-nuevo']) expect((await v1(key, 'POST', `/keywords/${keywordId}/analyses`, {}, { 'idempotency-key': k })).statusCode).toBe(201);
    await db.update(apiIdempotencyKeys).set({ createdAt: new Date(Date.now() - 24 * 3600_000 - 1000) }).where(eq(apiIdempotencyKeys.key, 'barrido-viejo'));
    const keysLeft = async () => (await db.select({ key: apiIdempotencyKeys.key }).from(apiIdempotencyKeys)).map((r) => r.key);
    expect(await keysLeft()).toContain('barrido-viejo');
    expect(await sweepIdempotencyKeys(container)).toBeGreaterThanOrEqual(1);
    const left = await keysLeft();
    expect(left).not.toContain('barrido-viejo');
    expect(left).toContain('barrido-nuevo');
    // The kept answer of the recent key is still replayed after the sweep.
    const replay = await v1(key, 'POST', `/keywords/${keywordId}/analyses`, {}, { 'idempotency-key': 'barrido-nuevo' });
    expect(replay.headers['idempotent-replayed']).toBe('true');
  });

  it('when keywords are added in bulk, then the new ones are created and the existing and repeated ones are skipped; a replay adds nothing', { timeout: 60_000 }, async () => {
    const { headers, placeId } = await withKeyword('pro_agency');
    const key = await newKey(headers);
    const body = { keywords: ['dentista', 'implantes dentales', 'ortodoncia', 'implantes dentales'] };
    const res = await v1(key, 'POST', `/places/${placeId}/keywords`, body, { 'idempotency-key': 'kw-1' });
    expect(res.statusCode, res.body).toBe(201);
    const out = res.json<{ created: { name: string; placeId: string }[]; skipped: { keyword: string; reason: string }[] }>();
    expect(out.created.map((k) => k.name).sort()).toEqual(['implantes dentales', 'ortodoncia']);
    expect(out.created.every((k) => k.placeId === placeId)).toBe(true);
    expect(out.skipped.map((s) => s.keyword).sort()).toEqual(['dentista', 'implantes dentales']);
    expect(out.skipped.every((s) => s.reason.length > 0)).toBe(true);
    const replay = await v1(key, 'POST', `/places/${placeId}/keywords`, body, { 'idempotency-key': 'kw-1' });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(out);
    expect((await v1(key, 'GET', `/places/${placeId}/keywords`)).json<{ data: unknown[] }>().data).toHaveLength(3);
    for (const bad of [{}, { keywords: [] }, { keywords: ['a\nb'] }, { keywords: 'dentista' }]) {
      const r = await v1(key, 'POST', `/places/${placeId}/keywords`, bad);
      expect(r.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it('when another user’s key uses the owner’s ids on the new routes, then 404 and nothing changes', { timeout: 60_000 }, async () => {
    const owner = await withKeyword('pro_agency');
    const ownerKey = await newKey(owner.headers);
    const { id } = (await v1(ownerKey, 'POST', `/keywords/${owner.keywordId}/analyses`, {})).json<Analysis>();
    const intruder = await signedIn('pro_agency');
    const key = await newKey(intruder.headers);
    const gets = [`/places/${owner.placeId}`, `/places/${owner.placeId}/report`, `/analyses/${id}/results`, `/analyses/${id}/csv`, `/analyses/${id}/compare/${id}`, `/share-links?scope=place&targetId=${owner.placeId}`];
    for (const url of gets) expect((await v1(key, 'GET', url)).statusCode, url).toBe(404);
    const posts: [string, unknown][] = [
      [`/keywords/${owner.keywordId}/analyses`, {}],
      [`/places/${owner.placeId}/keywords`, { keywords: ['intrusa'] }],
      ['/share-links', { scope: 'place', targetId: owner.placeId, expiresInDays: 30 }],
      ['/campaigns', { name: 'Intrusa', frequency: 'daily', hour: 9, keywordIds: [owner.keywordId] }],
    ];
    for (const [url, body] of posts) {
      const res = await v1(key, 'POST', url, body);
      expect([400, 404], `${url} ${res.body}`).toContain(res.statusCode);
    }
    expect(await analysesOf(owner.keywordId)).toBe(1);
    expect((await v1(ownerKey, 'GET', `/places/${owner.placeId}/keywords`)).json<{ data: unknown[] }>().data).toHaveLength(1);
    expect((await v1(ownerKey, 'GET', `/share-links?scope=place&targetId=${owner.placeId}`)).json()).toEqual({ data: [], nextCursor: null });
  });

  it('when an analysis has completed, then its results page by point index, compare with another, export as CSV, and its place has a report and share links', { timeout: 180_000 }, async () => {
    const { user, headers, placeId, keywordId } = await withKeyword('pro_agency', 'demo-malaga-dentista-1', MALAGA);
    const key = await newKey(headers);
    const done = async (query: string) => {
      const res = await v1(key, 'POST', `/keywords/${keywordId}/analyses`, { query });
      expect(res.statusCode, res.body).toBe(201);
      const { id } = res.json<Analysis>();
      expect(await runScan(fastScanDeps(container, scriptedProvider().provider), id)).toBe('completed');
      return res.json<Analysis>();
    };
    const a = await done('dentista');
    const b = await done('clínica dental');

    const place = await v1(key, 'GET', `/places/${placeId}`);
    expect(place.statusCode).toBe(200);
    expect(place.json()).toMatchObject({ id: placeId, countryCode: 'ES' });

    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await v1(key, 'GET', `/analyses/${a.id}/results?limit=10${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json<{ data: { pointIndex: number; lat: number; lng: number; rank: number | null; inLocalPack: boolean; status: string }[]; nextCursor: string | null }>();
      for (const p of page.data) {
        expect(p.inLocalPack).toBe(p.rank !== null && p.rank <= 3);
        expect(Math.abs(p.lat - MALAGA.lat)).toBeLessThan(1);
      }
      seen.push(...page.data.map((p) => p.pointIndex));
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 50);
    expect(seen).toHaveLength(a.gridPoints);
    expect(seen).toEqual([...seen].sort((x, y) => x - y));
    expect(new Set(seen).size).toBe(seen.length);
    expect(pages).toBe(Math.ceil(a.gridPoints / 10));
    expect((await v1(key, 'GET', `/analyses/${a.id}/results?cursor=abc`)).json()).toMatchObject({ code: 'INVALID_CURSOR' });

    const compared = await v1(key, 'GET', `/analyses/${b.id}/compare/${a.id}`);
    expect(compared.statusCode, compared.body).toBe(200);
    expect(compared.json()).toMatchObject({ current: { id: b.id }, reference: { id: a.id } });

    const csv = await v1(key, 'GET', `/analyses/${a.id}/csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.trim().split('\n').length).toBeGreaterThan(a.gridPoints);

    const report = await v1(key, 'GET', `/places/${placeId}/report`);
    expect(report.statusCode, report.body).toBe(200);
    const link = await v1(key, 'POST', '/share-links', { scope: 'analysis', targetId: a.id, expiresInDays: 30 }, { 'idempotency-key': 'enlace-1' });
    expect(link.statusCode, link.body).toBe(201);
    const { url, id } = link.json<{ url: string; id: string }>();
    expect(url).toContain('/');
    const replay = await v1(key, 'POST', '/share-links', { scope: 'analysis', targetId: a.id, expiresInDays: 30 }, { 'idempotency-key': 'enlace-1' });
    expect(replay.json<{ id: string }>().id).toBe(id);
    const links = await v1(key, 'GET', `/share-links?scope=analysis&targetId=${a.id}`);
    expect(links.json()).toMatchObject({ data: [{ id }], nextCursor: null });
    expect(user.id).toBeTruthy();
  });

  it('when a key schedules a campaign, then it is listed, pauses and resumes, and the forecast and portfolio read the account', { timeout: 60_000 }, async () => {
    const { headers } = await signedIn('pro_agency');
    const placeId = await createPlace(headers, 'demo-malaga-dentista-2', MALAGA, 3);
    const keywordId = await addKeyword(headers, placeId, 'dentista');
    const key = await newKey(headers);
    const created = await v1(key, 'POST', '/campaigns', { name: 'Diaria API', frequency: 'daily', hour: 9, keywordIds: [keywordId] }, { 'idempotency-key': 'campana-1' });
    expect(created.statusCode, created.body).toBe(201);
    const campaign = created.json<{ id: string; name: string }>();
    const list = (await v1(key, 'GET', '/campaigns')).json<Page<Campaign>>();
    expect(list.nextCursor).toBeNull();
    expect(list.data.map((c) => c.id)).toContain(campaign.id);
    const unknown = await v1(key, 'POST', `/campaigns/${randomUUID()}/pause`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Campaña no encontrada.', code: 'CAMPAIGN_NOT_FOUND' });
    const weekly = list.data.find((c) => c.kind === 'place');
    expect(weekly, 'the place’s weekly scan is listed').toBeDefined();
    expect((await v1(key, 'POST', `/campaigns/${weekly?.id}/pause`)).json()).toMatchObject({ code: 'PLACE_SCAN_NOT_EDITABLE' });
    const paused = await v1(key, 'POST', `/campaigns/${campaign.id}/pause`);
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json()).toMatchObject({ id: campaign.id, state: 'paused' });
    expect((await v1(key, 'POST', `/campaigns/${campaign.id}/resume`)).json()).toMatchObject({ id: campaign.id, state: 'active' });
    const forecast = await v1(key, 'GET', '/credits/forecast');
    expect(forecast.statusCode, forecast.body).toBe(200);
    const portfolio = await v1(key, 'GET', '/portfolio?limit=10');
    expect(portfolio.statusCode, portfolio.body).toBe(200);
    expect(JSON.stringify(portfolio.json())).toContain(keywordId);
    expect((await v1(key, 'GET', '/portfolio?limit=0')).statusCode).toBe(400);
  });

  it('when the campaigns and share links are read page by page, then each answers { data, nextCursor }, honours limit and the pages make up the whole list once', { timeout: 60_000 }, async () => {
    const { headers, placeId, keywordId } = await withKeyword('pro_agency');
    const key = await newKey(headers);
    for (const name of ['Una', 'Dos', 'Tres']) {
      const res = await v1(key, 'POST', '/campaigns', { name, frequency: 'daily', hour: 9, keywordIds: [keywordId] });
      expect(res.statusCode, res.body).toBe(201);
    }
    for (let i = 0; i < 3; i++) expect((await v1(key, 'POST', '/share-links', { scope: 'place', targetId: placeId, expiresInDays: 30 })).statusCode).toBe(201);
    for (const url of ['/campaigns', `/share-links?scope=place&targetId=${placeId}`, `/places/${placeId}/keywords`]) {
      const all = (await v1(key, 'GET', url)).json<Page<{ id: string; createdAt: string }>>();
      expect(all.nextCursor, url).toBeNull();
      expect(all.data.length, url).toBeGreaterThanOrEqual(url.includes('keywords') ? 1 : 3);
      expect(all.data.map((x) => x.createdAt), url).toEqual(all.data.map((x) => x.createdAt).sort().reverse());
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const sep = url.includes('?') ? '&' : '?';
        const res = await v1(key, 'GET', `${url}${sep}limit=1${cursor ? `&cursor=${cursor}` : ''}`);
        expect(res.statusCode, res.body).toBe(200);
        const page = res.json<Page<{ id: string }>>();
        expect(page.data.length, url).toBeLessThanOrEqual(1);
        seen.push(...page.data.map((x) => x.id));
        cursor = page.nextCursor;
        pages++;
      } while (cursor && pages < 10);
      expect(seen, url).toEqual(all.data.map((x) => x.id));
      expect((await v1(key, 'GET', `${url}${url.includes('?') ? '&' : '?'}limit=0`)).json(), url).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect((await v1(key, 'GET', `${url}${url.includes('?') ? '&' : '?'}cursor=abc`)).json(), url).toMatchObject({ code: 'INVALID_CURSOR' });
    }
  });

  it('when Idempotency-Key headers are generated at random, then never a 5xx: printable ASCII up to 255 is taken, anything else is 400 in Spanish', { timeout: 120_000 }, async () => {
    const { headers, placeId } = await withKeyword('pro_agency');
    const key = await newKey(headers);
    const header = fc.oneof(fc.string({ minLength: 0, maxLength: 300 }), fc.string({ unit: 'grapheme', maxLength: 20 }), fc.constantFrom(' ', '~'.repeat(255), '~'.repeat(256), 'a\tb', 'ñ'));
    await fc.assert(
      fc.asyncProperty(header, fc.constantFrom('uno', 'dos'), async (value, keyword) => {
        let res;
        try {
          res = await v1(key, 'POST', `/places/${placeId}/keywords`, { keywords: [keyword] }, { 'idempotency-key': value });
        } catch {
          // light-my-request refuses header values Node itself would not send (e.g. control characters).
          return;
        }
        expect(res.statusCode, `${JSON.stringify(value)} ${res.body}`).toBeLessThan(500);
        const valid = /^[\x20-\x7e]{1,255}$/.test(value);
        // Surrounding spaces may be trimmed on the way (HTTP allows it): either reading is right then.
        if (value !== value.trim() && res.statusCode === 400) expect(res.json()).toMatchObject({ code: 'INVALID_IDEMPOTENCY_KEY' });
        else if (!valid) expect(res.json(), JSON.stringify(value)).toMatchObject({ code: 'INVALID_IDEMPOTENCY_KEY', error: expect.stringContaining('Idempotency-Key') });
        else expect([201, 409], `${JSON.stringify(value)} ${res.body}`).toContain(res.statusCode);
      }),
      { numRuns: 150 },
    );
  });
});
