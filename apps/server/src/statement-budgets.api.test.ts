import { readFileSync } from 'node:fs';
import type { AnalyzeResponse, RankMapStatusResponse } from '@rankmaps/shared/schemas/rankmaps';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../test/factories';
import { GEO_TEST_DATA_DIR } from '../test/geo-data-dir';
import { MADRID, MALAGA, rankmapFixtures } from '../test/rankmap-fixtures';
import { measureAsProduction, subscribeThroughSandbox } from '../test/sandbox';
import { installStatementCounter } from '../test/statement-counter';
import { createTestApp } from '../test/test-app';
import { creditsService } from './modules/billing/credits.service';
import { startSession } from './modules/auth/session.service';

/**
 * SQL statements per request of each route of the load mix (bench/load-mix.ts), one request at
 * a time after one warm-up request, as the load test's route costs measure them
 * (docs/performance.md). A route over its budget fails: a query added to a hot route shows up
 * here, not months later as lost capacity. A route under its budget fails too, so the budget
 * stays the route's real cost: lower it in the same change that saves the statement.
 *
 * Every statement is counted, transactions' BEGIN and COMMIT included, on PGlite and on
 * PostgreSQL alike (test/statement-counter.ts).
 */
const BUDGETS: Record<string, number> = {
  'GET /api/rankmap/{id}/status': 1,
  'GET /api/user/profile': 5,
  'GET /api/rankmap/keyword/{id}': 3,
  // The user's places with their clients and latest figures: one statement, however many places.
  'GET /api/place': 1,
  // The place with its client and figures, then its keywords with theirs.
  'GET /api/place/{id}?withKeywords=true': 2,
  'GET /api/payment/subscription-info': 2,
  'GET /api/gbp/connection/status': 1,
  'GET /api/keyword/{id}': 1,
  // The answer kept since the analysis' first read.
  'GET /api/rankmap/{id}': 1,
  'GET /api/rankmap/keyword/{id}/trend': 4,
  'GET /api/place/{id}/competitors': 2,
};

/** The routes bench/load-mix.ts sends (its `route:` entries). */
function loadMixRoutes(): string[] {
  const source = readFileSync(new URL('../../../bench/load-mix.ts', import.meta.url), 'utf8');
  return [...source.matchAll(/route: '([^']+)'/g)].map((m) => m[1]!);
}

describe('statements per request of the load mix (API)', async () => {
  // The user subscribes through the sandbox, a developer tool; then the count runs as the load
  // test runs the server, without the tools' per-request plan override lookup (measureAsProduction).
  const { app, container } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR, DEV_TOOLS: 'true' }, { workers: true });
  beforeAll(() => container.seaIndex.ready(), 300_000);
  const { createPlace, addKeyword, analyze } = rankmapFixtures(app, container);
  const counter = installStatementCounter(container.database);
  afterAll(() => counter.uninstall());

  /** What the load test's users have (bench/load-seed.ts), and more of it where a query per row would show. */
  const seeded = (async () => {
    const user = await buildUser(container, { name: 'Usuaria de presupuestos' });
    // Signed in as the SPA is: a session whose id the access token carries.
    const headers = { authorization: `Bearer ${(await startSession(container, user.id, false)).accessToken}` };
    await subscribeThroughSandbox(app, headers, 'pro_enterprise', 'monthly');
    measureAsProduction(container);
    await creditsService.addPurchase(container.database.db, { userId: user.id, amount: 100_000, reference: `budgets-${user.id}`, expiresAt: new Date(Date.now() + 365 * 86_400_000) });
    const placeId = await createPlace(headers, 'demo-madrid-dentista-1', MADRID);
    // A second place, so the list shows whether it reads anything per place.
    await createPlace(headers, 'demo-malaga-dentista-1', MALAGA);
    const client = await app.inject({ method: 'POST', url: '/api/clients', headers, payload: { name: 'Clínicas Sur' } });
    expect(client.statusCode, client.body).toBe(201);
    const assigned = await app.inject({ method: 'PUT', url: `/api/place/${placeId}/client`, headers, payload: { clientId: client.json<{ id: string }>().id } });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const keywordIds = [await addKeyword(headers, placeId, 'dentista'), await addKeyword(headers, placeId, 'clínica dental')];
    const analysisIds: string[] = [];
    for (const keywordId of keywordIds) {
      const res = await analyze(headers, keywordId, { useWorker: true }, true);
      expect(res.statusCode, res.body).toBe(201);
      analysisIds.push(res.json<AnalyzeResponse>().rankMapId);
    }
    for (const id of analysisIds) {
      await vi.waitFor(
        async () => {
          const { status } = (await app.inject({ method: 'GET', url: `/api/rankmap/${id}/status`, headers })).json<RankMapStatusResponse>();
          if (status !== 'completed') throw new Error(`analysis ${status}`);
        },
        { timeout: 60_000, interval: 100 },
      );
    }
    for (const competitor of [
      { placeId: 'demo-seguido-1', name: 'Seguida uno' },
      { placeId: 'demo-seguido-2', name: 'Seguida dos' },
    ]) {
      const res = await app.inject({ method: 'POST', url: `/api/place/${placeId}/competitors`, headers, payload: competitor });
      expect(res.statusCode, res.body).toBe(201);
    }
    return { headers, placeId, keywordId: keywordIds[0]!, analysisId: analysisIds[0]! };
  })();

  const pathOf = (route: string, ids: Awaited<typeof seeded>) => {
    const byRoute: Record<string, string> = {
      'GET /api/rankmap/{id}/status': `/api/rankmap/${ids.analysisId}/status`,
      'GET /api/rankmap/keyword/{id}': `/api/rankmap/keyword/${ids.keywordId}`,
      'GET /api/place/{id}?withKeywords=true': `/api/place/${ids.placeId}?withKeywords=true`,
      'GET /api/keyword/{id}': `/api/keyword/${ids.keywordId}`,
      'GET /api/rankmap/{id}': `/api/rankmap/${ids.analysisId}`,
      'GET /api/rankmap/keyword/{id}/trend': `/api/rankmap/keyword/${ids.keywordId}/trend`,
      'GET /api/place/{id}/competitors': `/api/place/${ids.placeId}/competitors`,
    };
    return byRoute[route] ?? route.replace(/^GET /, '');
  };

  it('when the load mix changes, then this table names a budget for each of its routes', () => {
    expect(Object.keys(BUDGETS).sort()).toEqual(loadMixRoutes().sort());
  });

  it.each(Object.entries(BUDGETS))('when %s is called once, then it runs %i statements', { timeout: 120_000 }, async (route, budget) => {
    const ids = await seeded;
    const request = { method: 'GET' as const, url: pathOf(route, ids), headers: { ...ids.headers, 'accept-encoding': 'gzip, deflate, br, zstd' } };
    // A first call fills what every later one finds kept (the session, an analysis' answer).
    const warm = await app.inject(request);
    expect(warm.statusCode, warm.body).toBe(200);
    const { result, statements } = await counter.count(() => app.inject(request));
    expect(result.statusCode, result.body).toBe(200);
    const listing = statements.map((s, i) => `  ${i + 1}. ${s.slice(0, 300)}`).join('\n');
    expect(statements.length, `${route} ran ${statements.length} statements, its budget is ${budget}${statements.length < budget ? ' (lower the budget)' : ''}:\n${listing}`).toBe(budget);
  });
});
