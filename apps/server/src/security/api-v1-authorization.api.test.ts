import type { CreatedApiKey } from '@rankmaps/shared/schemas/api-keys';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, RouteOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { GEO_TEST_DATA_DIR } from '../../test/geo-data-dir';
import { MALAGA, MADRID, rankmapFixtures } from '../../test/rankmap-fixtures';
import { fastScanDeps, scriptedProvider } from '../../test/scan-doubles';
import { createTestApp } from '../../test/test-app';
import { rowsOf } from '../db/client';
import { KEY_ACTIONS, type KeyAction, isKeyAction, permissionFor } from '../modules/api-keys/key-permissions';
import { runScan } from '../modules/rankmaps/scan/scan.service';
import { businessMatcher } from '../modules/ai-visibility/ai-matcher';
import { aiScanDeps, runAiScan } from '../modules/ai-visibility/scan/ai-scan.service';
import { type DeclaredRoute, declarationOf } from '../plugins/route-declaration';

// The authorization matrix's API-key column (docs/decisions.md §26.3): every /api/v1 route,
// read from app.routeTable, called with no key, a revoked key, another user's key on this
// user's ids, a key without the route's permission and a key with only that permission. The
// permission is the one THE permission table gives the route's action (key-permissions.ts,
// which the MCP tools read too); the table below says what a valid request to each route is.
// The first tests fail when a v1 route appears that either table does not describe.

type Headers = Record<string, string>;
interface Ids {
  place: string;
  keyword: string;
  spareKeyword: string;
  analysis: string;
  otherAnalysis: string;
  campaign: string;
  /** Two completed AI-visibility analyses of the keyword (docs/decisions.md §31.4). */
  aiAnalysis: string;
  otherAiAnalysis: string;
  /** A demo review of the place (docs/decisions.md §32.4). */
  review: string;
}
interface Entry {
  request: (ids: Ids) => { url: string; payload?: object };
  /** Another user's key on these ids: 404 (the ids are the owner's), or 'own' when the route names no id and answers the caller's own data. */
  foreign: 404 | 'own';
}

const TABLE: Record<string, Entry> = {
  'GET /api/v1/places': { foreign: 'own', request: () => ({ url: '/api/v1/places' }) },
  'GET /api/v1/places/:id': { foreign: 404, request: (i) => ({ url: `/api/v1/places/${i.place}` }) },
  'GET /api/v1/places/:id/keywords': { foreign: 404, request: (i) => ({ url: `/api/v1/places/${i.place}/keywords` }) },
  'POST /api/v1/places/:id/keywords': {
    foreign: 404,
    request: (i) => ({ url: `/api/v1/places/${i.place}/keywords`, payload: { keywords: ['clínica dental urgencias'] } }),
  },
  'GET /api/v1/places/:id/report': { foreign: 404, request: (i) => ({ url: `/api/v1/places/${i.place}/report` }) },
  'GET /api/v1/places/:id/review-pace': { foreign: 404, request: (i) => ({ url: `/api/v1/places/${i.place}/review-pace` }) },
  'GET /api/v1/places/:id/listing-changes': { foreign: 404, request: (i) => ({ url: `/api/v1/places/${i.place}/listing-changes` }) },
  // Reviews (docs/decisions.md §32.7): the owner's demo Business Profile connection.
  'GET /api/v1/places/:id/reviews': { foreign: 404, request: (i) => ({ url: `/api/v1/places/${i.place}/reviews` }) },
  'PUT /api/v1/places/:id/reviews/:reviewId/reply': { foreign: 404, request: (i) => ({ url: `/api/v1/places/${i.place}/reviews/${i.review}/reply`, payload: { comment: 'Gracias por tu reseña.' } }) },
  'DELETE /api/v1/places/:id/reviews/:reviewId/reply': { foreign: 404, request: (i) => ({ url: `/api/v1/places/${i.place}/reviews/${i.review}/reply` }) },
  'GET /api/v1/keywords/:id/analyses': { foreign: 404, request: (i) => ({ url: `/api/v1/keywords/${i.keyword}/analyses` }) },
  'POST /api/v1/keywords/:id/analyses': { foreign: 404, request: (i) => ({ url: `/api/v1/keywords/${i.keyword}/analyses`, payload: {} }) },
  'GET /api/v1/analyses/:id': { foreign: 404, request: (i) => ({ url: `/api/v1/analyses/${i.analysis}` }) },
  'GET /api/v1/analyses/:id/results': { foreign: 404, request: (i) => ({ url: `/api/v1/analyses/${i.analysis}/results` }) },
  'GET /api/v1/analyses/:id/compare/:otherId': {
    foreign: 404,
    request: (i) => ({ url: `/api/v1/analyses/${i.analysis}/compare/${i.otherAnalysis}` }),
  },
  'GET /api/v1/analyses/:id/csv': { foreign: 404, request: (i) => ({ url: `/api/v1/analyses/${i.analysis}/csv` }) },
  'GET /api/v1/analyses/:id/heatmap.png': { foreign: 404, request: (i) => ({ url: `/api/v1/analyses/${i.analysis}/heatmap.png` }) },
  'GET /api/v1/campaigns': { foreign: 'own', request: () => ({ url: '/api/v1/campaigns' }) },
  'POST /api/v1/campaigns': {
    foreign: 404,
    request: (i) => ({
      url: '/api/v1/campaigns',
      payload: { name: 'Campaña API', frequency: 'weekly', day: 1, hour: 10, keywordIds: [i.spareKeyword] },
    }),
  },
  'POST /api/v1/campaigns/:id/pause': { foreign: 404, request: (i) => ({ url: `/api/v1/campaigns/${i.campaign}/pause` }) },
  'POST /api/v1/campaigns/:id/resume': { foreign: 404, request: (i) => ({ url: `/api/v1/campaigns/${i.campaign}/resume` }) },
  'GET /api/v1/share-links': { foreign: 404, request: (i) => ({ url: `/api/v1/share-links?scope=analysis&targetId=${i.analysis}` }) },
  'POST /api/v1/share-links': {
    foreign: 404,
    request: (i) => ({ url: '/api/v1/share-links', payload: { scope: 'analysis', targetId: i.analysis, expiresInDays: 30 } }),
  },
  'GET /api/v1/portfolio': { foreign: 'own', request: () => ({ url: '/api/v1/portfolio' }) },
  'GET /api/v1/credits': { foreign: 'own', request: () => ({ url: '/api/v1/credits' }) },
  'GET /api/v1/credits/forecast': { foreign: 'own', request: () => ({ url: '/api/v1/credits/forecast' }) },
  // AI visibility (docs/decisions.md §31.8).
  'GET /api/v1/ai-visibility/engines': { foreign: 'own', request: () => ({ url: '/api/v1/ai-visibility/engines' }) },
  'POST /api/v1/keywords/:id/ai-visibility': { foreign: 404, request: (i) => ({ url: `/api/v1/keywords/${i.keyword}/ai-visibility`, payload: { engines: ['chatgpt'], gridSize: 3, samples: 1 } }) },
  'GET /api/v1/keywords/:id/ai-visibility': { foreign: 404, request: (i) => ({ url: `/api/v1/keywords/${i.keyword}/ai-visibility` }) },
  'GET /api/v1/ai-visibility/:id': { foreign: 404, request: (i) => ({ url: `/api/v1/ai-visibility/${i.aiAnalysis}` }) },
  'GET /api/v1/ai-visibility/:id/points': { foreign: 404, request: (i) => ({ url: `/api/v1/ai-visibility/${i.aiAnalysis}/points` }) },
  'GET /api/v1/ai-visibility/:id/compare/:otherAnalysisId': { foreign: 404, request: (i) => ({ url: `/api/v1/ai-visibility/${i.aiAnalysis}/compare/${i.otherAiAnalysis}` }) },
};

/** Every route of the app as method and URL, without Fastify's HEAD twins of GET routes. */
function labelsOf(app: FastifyInstance): { label: string; method: string; url: string; declaration: DeclaredRoute | undefined; protectedBySession: boolean }[] {
  const all = [...app.routeTable].flatMap((r: RouteOptions) =>
    [r.method].flat().map((m) => ({ method: String(m).toUpperCase(), route: r })),
  );
  const gets = new Set(all.filter((e) => e.method === 'GET').map((e) => e.route.url));
  return all
    .filter((e) => !(e.method === 'HEAD' && gets.has(e.route.url)))
    .map((e) => ({
      label: `${e.method} ${e.route.url}`,
      method: e.method,
      url: e.route.url,
      declaration: declarationOf(e.route),
      protectedBySession: [e.route.onRequest ?? []].flat().includes(app.authenticate),
    }));
}

describe('authorization matrix of /api/v1 (API keys)', async () => {
  const { app, container } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR, RATE_LIMIT_API_MAX: '100000' });
  beforeAll(() => container.seaIndex.ready(), 300_000);
  const db = container.database.db;
  const { signedIn, createPlace, addKeyword } = rankmapFixtures(app, container);
  const v1Routes = labelsOf(app).filter((r) => r.url.startsWith('/api/v1/'));

  /** The action of a v1 route in the permission table (key-permissions.ts), by its operationId. */
  const actionOf = (label: string): KeyAction => {
    const operationId = v1Routes.find((r) => r.label === label)?.declaration?.operationId ?? '';
    if (!isKeyAction(operationId)) throw new Error(`${label} is not an action of the permission table`);
    return operationId;
  };
  const scopeOf = (label: string) => permissionFor(actionOf(label));

  const keyOf = async (headers: Headers, scopes: ('read' | 'scans')[]) => {
    const res = await app.inject({ method: 'POST', url: '/api/api-keys', headers, payload: { name: 'Matriz', scopes } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<CreatedApiKey>();
  };
  const call = (label: string, ids: Ids, headers: Headers): InjectOptions => {
    const [method] = label.split(' ');
    const { url, payload } = TABLE[label]!.request(ids);
    return { method: method, url, headers, ...(payload ? { payload } : {}) };
  };
  const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

  /** A pro user with a place, two keywords, two completed analyses of the first and a campaign. */
  const world = async (googlePlaceId: string, at: { lat: number; lng: number }) => {
    const { user, headers } = await signedIn('pro_agency');
    const place = await createPlace(headers, googlePlaceId, at, 3);
    const keyword = await addKeyword(headers, place, 'dentista');
    const spareKeyword = await addKeyword(headers, place, 'ortodoncia');
    const scanned = async (query: string) => {
      const res = await app.inject({ method: 'POST', url: `/api/rankmap/keyword/${keyword}/analyze`, headers, payload: { query } });
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json<{ rankMapId: string }>().rankMapId;
      expect(await runScan(fastScanDeps(container, scriptedProvider().provider), id)).toBe('completed');
      return id;
    };
    const analysis = await scanned('dentista');
    const otherAnalysis = await scanned('clínica dental');
    const campaign = await app.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers,
      payload: { name: 'Diaria', frequency: 'daily', hour: 9, keywordIds: [keyword] },
    });
    expect(campaign.statusCode, campaign.body).toBe(201);
    const aiScanned = async () => {
      const res = await app.inject({ method: 'POST', url: `/api/ai-visibility/keyword/${keyword}/scan`, headers, payload: { engines: ['chatgpt'], gridSize: 3, samples: 1 } });
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json<{ id: string }>().id;
      expect(await runAiScan(aiScanDeps(container, container.aiEngines, businessMatcher), id)).toBe('completed');
      return id;
    };
    const aiAnalysis = await aiScanned();
    const otherAiAnalysis = await aiScanned();
    // The demo Business Profile connection links the place to its simulated reviews.
    const start = await app.inject({ method: 'GET', url: '/api/auth/google/start-url?intent=gbp_connect', headers });
    await app.inject({ method: 'GET', url: start.json<{ url: string }>().url });
    const review = (await app.inject({ method: 'GET', url: `/api/place/${place}/reviews?limit=1`, headers })).json<{ items: { id: string }[] }>().items[0]!.id;
    const ids: Ids = { place, keyword, spareKeyword, analysis, otherAnalysis, campaign: campaign.json<{ id: string }>().id, aiAnalysis, otherAiAnalysis, review };
    const full = await keyOf(headers, ['read', 'scans']);
    return { user, headers, ids, key: full.key };
  };

  let owner: Awaited<ReturnType<typeof world>>;
  let intruder: Awaited<ReturnType<typeof world>>;
  beforeAll(async () => {
    owner = await world('demo-malaga-dentista-1', MALAGA);
    intruder = await world('demo-madrid-dentista-1', MADRID);
  }, 240_000);

  /** Every row of the owner's, in any table with a user_id column (the key's last use aside). */
  const snapshotOf = async (userId: string) => {
    const tables = await rowsOf<{ table_name: string }>(
      db,
      sql`select table_name from information_schema.columns where table_schema = 'public' and column_name = 'user_id' and table_name <> 'api_keys' order by 1`,
    );
    const rows: string[] = [];
    for (const { table_name } of tables) {
      const found = await rowsOf<Record<string, unknown>>(
        db,
        sql`select * from ${sql.identifier(table_name)} where user_id::text = ${userId}`,
      );
      rows.push(...found.map((r) => `${table_name}: ${JSON.stringify(r)}`));
    }
    return rows.sort();
  };

  it('when the route table is read, then every /api/v1 route is in the table and the table names no route that is gone', () => {
    const labels = v1Routes.map((r) => r.label);
    expect(labels.length).toBeGreaterThanOrEqual(20);
    expect(
      labels.filter((l) => !TABLE[l]),
      'v1 routes missing from TABLE',
    ).toEqual([]);
    expect(
      Object.keys(TABLE).filter((l) => !labels.includes(l)),
      'TABLE rows with no route',
    ).toEqual([]);
  });

  it('when the route table is read, then every v1 route is an action of the permission table with that action’s permission, and every action has one route', () => {
    const actions: string[] = [];
    for (const { label, method, declaration } of v1Routes) {
      expect(declaration, `${label} is not declared with the route kit`).toBeDefined();
      const operationId = declaration?.operationId ?? '';
      expect(isKeyAction(operationId), `${label}: ${operationId} has no row in key-permissions.ts`).toBe(true);
      expect(declaration?.access, label).toEqual({ kind: 'apiKey', scope: permissionFor(operationId as KeyAction) });
      // docs/api.md «Routes»: every GET reads; every POST writes, spends or publishes.
      expect(permissionFor(operationId as KeyAction), label).toBe(method === 'GET' ? 'read' : 'scans');
      actions.push(operationId);
    }
    expect([...actions].sort()).toEqual([...KEY_ACTIONS].sort());
  });

  it('when a v1 route is called without a key, with a revoked key or with a session token, then 401 INVALID_API_KEY', async () => {
    const revoked = await keyOf(owner.headers, ['read', 'scans']);
    expect((await app.inject({ method: 'DELETE', url: `/api/api-keys/${revoked.apiKey.id}`, headers: owner.headers })).statusCode).toBe(
      200,
    );
    const before = await snapshotOf(owner.user.id);
    for (const { label } of v1Routes) {
      for (const headers of [{}, bearer(revoked.key), owner.headers]) {
        const res = await app.inject(call(label, owner.ids, headers));
        expect(res.statusCode, `${label} ${JSON.stringify(headers).slice(0, 40)}`).toBe(401);
        expect(res.json()).toEqual({ error: 'Clave de API no válida o revocada.', code: 'INVALID_API_KEY' });
      }
    }
    expect(await snapshotOf(owner.user.id)).toEqual(before);
  });

  it('when another user’s key names the owner’s ids, then 404 and nothing of the owner’s changes; a route without ids answers the caller’s own data', async () => {
    const before = await snapshotOf(owner.user.id);
    for (const { label } of v1Routes) {
      const res = await app.inject(call(label, owner.ids, bearer(intruder.key)));
      const entry = TABLE[label]!;
      if (entry.foreign === 404) {
        expect(res.statusCode, `${label} ${res.body}`).toBe(404);
        expect(res.json<{ code: string }>().code).toMatch(/NOT_FOUND$/);
      } else {
        expect(res.statusCode, `${label} ${res.body}`).toBe(200);
        for (const id of Object.values(owner.ids)) expect(res.body, label).not.toContain(id);
      }
    }
    expect(await snapshotOf(owner.user.id)).toEqual(before);
  });

  it('when a key lacks the permission the table gives the route’s action, then 403 MISSING_SCOPE naming it and nothing changes', async () => {
    const readOnly = (await keyOf(owner.headers, ['read'])).key;
    const scansOnly = (await keyOf(owner.headers, ['scans'])).key;
    const before = await snapshotOf(owner.user.id);
    for (const { label } of v1Routes) {
      const scope = scopeOf(label);
      const res = await app.inject(call(label, owner.ids, bearer(scope === 'read' ? scansOnly : readOnly)));
      expect(res.statusCode, `${label} ${res.body}`).toBe(403);
      expect(res.json()).toEqual({ error: `Esta clave no tiene el permiso «${scope}» que necesita esta petición.`, code: 'MISSING_SCOPE' });
    }
    expect(await snapshotOf(owner.user.id)).toEqual(before);
  });

  it(
    'when the owner’s key has only the permission the table gives the route’s action, then every v1 route answers 2xx',
    { timeout: 120_000 },
    async () => {
      const only = { read: (await keyOf(owner.headers, ['read'])).key, scans: (await keyOf(owner.headers, ['scans'])).key };
      for (const { label } of v1Routes) {
        const res = await app.inject(call(label, owner.ids, bearer(only[scopeOf(label)])));
        expect(res.statusCode, `${label} ${res.body.slice(0, 300)}`).toBeGreaterThanOrEqual(200);
        expect(res.statusCode, `${label} ${res.body.slice(0, 300)}`).toBeLessThan(300);
      }
    },
  );

  it('when an API key is sent to the app’s own session routes, then every one answers 401', async () => {
    const spa = labelsOf(app).filter((r) => r.protectedBySession);
    expect(spa.length).toBeGreaterThan(30);
    for (const { label, url } of spa) {
      const [method] = label.split(' ');
      const path = url.replace(/:[A-Za-z]+/g, owner.ids.place);
      const res = await app.inject({
        method: method,
        url: path,
        headers: bearer(owner.key),
        payload: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      expect(res.statusCode, `${label} ${res.body.slice(0, 200)}`).toBe(401);
    }
  });
});
