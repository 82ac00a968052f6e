import { Writable } from 'node:stream';
import type { CreatedApiKey } from '@rankmaps/shared/schemas/api-keys';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { rankmapFixtures } from '../../../test/rankmap-fixtures';
import { createTestApp } from '../../../test/test-app';
import { apiKeys } from '../../db/api-keys-schema';
import { LOG_REDACTION } from '../../logger';

type Headers = Record<string, string>;
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

describe('/api/v1 with API keys (API)', async () => {
  const { app, container } = await createTestApp({ RATE_LIMIT_API_MAX: '1000' });
  // The sea index loads once, before the first test, not inside its 20 s (it flaked on a busy machine).
  beforeAll(() => container.seaIndex.ready(), 300_000);
  const db = container.database.db;
  const { signedIn, createPlace, withKeyword, analyze } = rankmapFixtures(app, container);

  const newKey = async (headers: Headers, scopes: string[] = ['read']) => {
    const res = await app.inject({ method: 'POST', url: '/api/api-keys', headers, payload: { name: 'Pruebas', scopes } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<CreatedApiKey>();
  };
  const v1 = (key: string, url: string) => app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(key) });

  it('when a key reads its account, then places, keywords, analyses and credits come back', async () => {
    const { headers, placeId, keywordId } = await withKeyword('pro_agency');
    const started = await analyze(headers, keywordId);
    expect(started.statusCode, started.body).toBe(201);
    const { key } = await newKey(headers);

    const placesRes = await v1(key, '/places');
    expect(placesRes.statusCode, placesRes.body).toBe(200);
    expect(placesRes.json()).toMatchObject({ data: [{ id: placeId, countryCode: 'ES' }], nextCursor: null });
    const kw = await v1(key, `/places/${placeId}/keywords`);
    expect(kw.json()).toMatchObject({ data: [{ id: keywordId, placeId, name: 'dentista' }] });
    const analyses = await v1(key, `/keywords/${keywordId}/analyses`);
    expect(analyses.statusCode, analyses.body).toBe(200);
    const [analysis] = analyses.json<{ data: { id: string; status: string; metrics: unknown }[] }>().data;
    expect(analysis).toMatchObject({ status: 'pending', metrics: null, keywordId, placeId });
    const one = await v1(key, `/analyses/${analysis?.id}`);
    expect(one.json()).toEqual(analysis);
    const credits = await v1(key, '/credits');
    expect(credits.statusCode).toBe(200);
    expect(credits.json()).toMatchObject({ plan: 'pro_agency' });
    const c = credits.json<{ subscriptionCredits: number; extraCredits: number; total: number }>();
    expect(c.total).toBe(c.subscriptionCredits + c.extraCredits);
  });

  it('when another user’s key asks for the owner’s ids, then 404 every time and the lists are its own (empty)', async () => {
    const owner = await withKeyword('pro_agency');
    await analyze(owner.headers, owner.keywordId);
    const [analysis] = (await v1((await newKey(owner.headers)).key, `/keywords/${owner.keywordId}/analyses`)).json<{ data: { id: string }[] }>().data;
    const intruder = await signedIn('pro_agency');
    const { key } = await newKey(intruder.headers);
    for (const url of [`/places/${owner.placeId}/keywords`, `/keywords/${owner.keywordId}/analyses`, `/analyses/${analysis?.id}`, '/analyses/no-es-un-id', '/places/00000000-0000-4000-8000-000000000000/keywords']) {
      const res = await v1(key, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json<{ error: string; code: string }>().code).toMatch(/_NOT_FOUND$/);
    }
    expect((await v1(key, '/places')).json()).toEqual({ data: [], nextCursor: null });
  });

  it('when the key is unknown, malformed, revoked or missing, or a session token is sent, then 401 in Spanish', async () => {
    const { headers } = await signedIn('pro_agency');
    const { key, apiKey } = await newKey(headers);
    expect((await v1(key, '/places')).statusCode).toBe(200);
    expect((await app.inject({ method: 'DELETE', url: `/api/api-keys/${apiKey.id}`, headers })).statusCode).toBe(200);
    const unknown = `rmk_${'A'.repeat(43)}`;
    const attempts: Headers[] = [bearer(key), bearer(unknown), bearer('rmk_corta'), bearer('x'.repeat(5000)), {}, { authorization: key }, headers];
    for (const h of attempts) {
      const res = await app.inject({ method: 'GET', url: '/api/v1/places', headers: h });
      expect(res.statusCode, JSON.stringify(h).slice(0, 80)).toBe(401);
      expect(res.json()).toEqual({ error: 'Clave de API no válida o revocada.', code: 'INVALID_API_KEY' });
    }
  });

  it('when a key is sent to the app’s own routes, then it opens nothing there', async () => {
    const { headers } = await signedIn('pro_agency');
    const { key } = await newKey(headers);
    for (const url of ['/api/place', '/api/api-keys', '/api/user/profile']) {
      expect((await app.inject({ method: 'GET', url, headers: bearer(key) })).statusCode, url).toBe(401);
    }
  });

  it('when a key without the read scope reads, then 403 naming the permission', async () => {
    const { headers } = await signedIn('pro_agency');
    const { key } = await newKey(headers, ['scans']);
    const res = await v1(key, '/places');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Esta clave no tiene el permiso «read» que necesita esta petición.', code: 'MISSING_SCOPE' });
  });

  it('when the owner’s plan no longer has the API, then the key answers 403 naming the plan, and works again when it does', async () => {
    const { headers } = await signedIn('pro_agency');
    const { key } = await newKey(headers);
    const override = (type: string) => app.inject({ method: 'PUT', url: '/api/user/dev-params', headers, payload: { planLimits: { type, places: 1, keywords: 3, credits: 0 }, subscriptionCredits: 0, extraCredits: 0 } });
    // The development panel's override takes the pro type away; the user's audience (agencies) still names Starter.
    expect((await override('basic')).statusCode).toBe(200);
    const res = await v1(key, '/places');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'UPGRADE_REQUIRED', error: 'Para usar la API necesitas el plan Starter.' });
    expect((await override('pro')).statusCode).toBe(200);
    expect((await v1(key, '/places')).statusCode).toBe(200);
  });

  it('when places are paged, then each appears once, newest first, and a bad cursor or limit is 400', async () => {
    const { headers } = await signedIn('pro_agency');
    const ids = [];
    for (const g of ['demo-malaga-dentista-1', 'demo-malaga-dentista-2', 'demo-malaga-dentista-3']) ids.push(await createPlace(headers, g));
    const { key } = await newKey(headers);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await v1(key, `/places?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json<{ data: { id: string }[]; nextCursor: string | null }>();
      seen.push(...page.data.map((p) => p.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 5);
    expect(pages).toBe(2);
    expect(seen).toEqual([...ids].reverse());
    for (const q of ['cursor=basura', `cursor=${Buffer.from('["ayer","x"]').toString('base64url')}`, 'limit=0', 'limit=101', 'limit=dos']) {
      const res = await v1(key, `/places?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json<{ error: string }>().error).toMatch(/cursor|limit/);
    }
  });

  it('when a key is used, then its last use is stamped, at most once a minute, and a refused call stamps nothing', async () => {
    const { headers } = await signedIn('pro_agency');
    const { key, apiKey } = await newKey(headers);
    const lastUse = async () => (await db.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id)))[0]?.lastUsedAt;
    expect((await v1(key, '/places?limit=0')).statusCode).toBe(400);
    expect((await v1(key, '/analyses/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect(await lastUse()).toBeNull();
    await v1(key, '/credits');
    const first = await lastUse();
    expect(first).toBeInstanceOf(Date);
    await v1(key, '/credits');
    expect(await lastUse()).toEqual(first);
    await db.update(apiKeys).set({ lastUsedAt: new Date(Date.now() - 61_000) }).where(eq(apiKeys.id, apiKey.id));
    await v1(key, '/credits');
    expect((await lastUse())!.getTime()).toBeGreaterThan(Date.now() - 10_000);
  });

  it('when the OpenAPI document is read, then the v1 routes are under the «API v1» tag, with examples', async () => {
    const docs = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, { tags?: string[]; security?: unknown }>> }>();
    for (const path of ['/api/v1/places', '/api/v1/places/{id}', '/api/v1/places/{id}/keywords', '/api/v1/places/{id}/report', '/api/v1/keywords/{id}/analyses', '/api/v1/analyses/{id}', '/api/v1/analyses/{id}/results', '/api/v1/analyses/{id}/compare/{otherId}', '/api/v1/analyses/{id}/csv', '/api/v1/campaigns', '/api/v1/share-links', '/api/v1/portfolio', '/api/v1/credits', '/api/v1/credits/forecast']) {
      expect(docs.paths[path]?.get?.tags, path).toEqual(['API v1']);
    }
    for (const path of ['/api/v1/keywords/{id}/analyses', '/api/v1/places/{id}/keywords', '/api/v1/campaigns', '/api/v1/share-links', '/api/v1/campaigns/{id}/pause', '/api/v1/campaigns/{id}/resume']) {
      const post = docs.paths[path]?.post;
      expect(post?.tags, path).toEqual(['API v1']);
      expect(post?.security, path).toEqual([{ apiKey: [] }]);
    }
    for (const path of ['/api/v1/keywords/{id}/analyses', '/api/v1/places/{id}/keywords', '/api/v1/campaigns', '/api/v1/share-links']) {
      const { parameters } = docs.paths[path]?.post as { parameters?: { in: string; name: string; required?: boolean }[] };
      expect(parameters?.filter((p) => p.in === 'header'), path).toEqual([expect.objectContaining({ name: 'idempotency-key', required: false })]);
    }
    const csv = (docs.paths['/api/v1/analyses/{id}/csv']?.get as { responses: Record<string, { content?: Record<string, unknown> }> }).responses;
    expect(Object.keys(csv['200']?.content ?? {})).toEqual(['text/csv']);
    expect(Object.keys(csv['409']?.content ?? {})).toEqual(['application/json']);
    const start = JSON.stringify(docs.paths['/api/v1/keywords/{id}/analyses']?.post);
    expect(start).toContain('Idempotency-Key');
    expect(start).toContain('"409"');
    expect(JSON.stringify(docs.paths['/api/v1/analyses/{id}/results']?.get)).toContain('inLocalPack');
    const credits = JSON.stringify((docs.paths['/api/v1/credits']?.get as { responses?: unknown } | undefined)?.responses);
    expect(credits).toContain('"examples"');
    expect(credits).toContain('pro_agency');
  });
});

describe('/api/v1 per-key rate limit (API)', async () => {
  const { app, container } = await createTestApp({ RATE_LIMIT_API_MAX: '3' });
  const { signedIn } = rankmapFixtures(app, container);

  it('when a key makes calls, then RateLimit headers count down, the fourth is 429, and another key has its own budget', async () => {
    const { headers } = await signedIn('pro_agency');
    const keyOf = async () => (await app.inject({ method: 'POST', url: '/api/api-keys', headers, payload: { name: 'Límite', scopes: ['read'] } })).json<CreatedApiKey>().key;
    const [a, b] = [await keyOf(), await keyOf()];
    const remaining = [];
    for (let i = 0; i < 3; i++) {
      const res = await app.inject({ method: 'GET', url: '/api/v1/credits', headers: bearer(a) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['ratelimit-limit']).toBe('3');
      expect(Number(res.headers['ratelimit-reset'])).toBeGreaterThan(0);
      remaining.push(res.headers['ratelimit-remaining']);
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const limited = await app.inject({ method: 'GET', url: '/api/v1/credits', headers: bearer(a) });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: 'Has superado el límite de peticiones de esta clave de API. Espera al siguiente minuto.', code: 'RATE_LIMITED' });
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await app.inject({ method: 'GET', url: '/api/v1/credits', headers: bearer(b) })).statusCode).toBe(200);
  });
});

describe('/api/v1 keys in the logs', async () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, cb) {
      lines.push(chunk.toString());
      cb();
    },
  });
  const log = pino({ level: 'trace', ...LOG_REDACTION }, sink);
  const { app, container } = await createTestApp({}, { log });
  const { signedIn } = rankmapFixtures(app, container);

  it('when keys are created and used, good or revoked, then no log line holds any part of a key beyond its prefix', async () => {
    const { headers } = await signedIn('pro_agency');
    const { key, apiKey } = (await app.inject({ method: 'POST', url: '/api/api-keys', headers, payload: { name: 'Logs', scopes: ['read'] } })).json<CreatedApiKey>();
    await app.inject({ method: 'GET', url: '/api/v1/places', headers: bearer(key) });
    await app.inject({ method: 'DELETE', url: `/api/api-keys/${apiKey.id}`, headers });
    await app.inject({ method: 'GET', url: '/api/v1/places', headers: bearer(key) });
    // A line that logs the request's headers, as a debugging session might, is redacted too.
    log.info({ req: { headers: bearer(key) } }, 'headers');
    const all = lines.join('');
    expect(all).toContain('[redactado]');
    expect(all).not.toContain(key.slice(12));
  });
});
