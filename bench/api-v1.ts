import { loadavg } from 'node:os';
import type { CreatedApiKey } from '@rankmaps/shared/schemas/api-keys';
import { percentile, round, runWhenAlone } from './lib';
import { timeRuns } from './http-timing';
import { runOpenLoop } from './open-loop-worker';
import { openScanEnv, subscribedUser } from './scan-env';
import { measureAsProduction } from '../apps/server/test/sandbox';

// The /api/v1 surface (issue 19, docs/api.md): GET /api/v1/places?limit=50 with an API key,
// through the app (inject: the key's hash and look-up, the per-key limit counted in the
// database, the plan check, the page query), next to the SPA's GET /api/place with a session,
// so the key's overhead per call is visible. The user's places are the demo market's Madrid
// dentists the loop could add (the count is in the result's name). Then the open-loop run: the
// app listening on a port, and a worker thread sending v1 reads over real HTTP at a fixed
// 500 req/s (places, one place, its keywords, credits, an analysis), latency from when each
// request was due.

const WARM_UP = 10;
const CALLS = 200;
/** The target: v1 reads with a key at 500 req/s, p99 ≤ 20 ms on PostgreSQL (BENCH_API_V1_RATE and BENCH_API_V1_SECONDS change it). */
const RATE = Number(process.env.BENCH_API_V1_RATE ?? 500);
const DURATION_MS = Number(process.env.BENCH_API_V1_SECONDS ?? 20) * 1000;

export async function benchApiV1(opts: { databaseUrl?: string } = {}) {
  const env = await openScanEnv({ databaseUrl: opts.databaseUrl, env: { RATE_LIMIT_GLOBAL_MAX: '100000', RATE_LIMIT_API_MAX: '100000', DEV_TOOLS: 'true' } });
  try {
    const { app } = env;
    const { headers: session } = await subscribedUser(env, 'pro_enterprise');
    // Subscribed through the sandbox (a developer tool); measured as production runs, without the tools' lookups.
    measureAsProduction(env.container);
    for (let i = 1; i <= 60; i++) {
      const res = await app.inject({ method: 'POST', url: '/api/place', headers: session, payload: { googlePlaceId: `demo-madrid-dentista-${i}`, matrixConfig: { gridSize: 5, radius: 1000, coordinates: { lat: 40.4168, lng: -3.7038 } } } });
      if (res.statusCode !== 201) break;
    }
    const created = await app.inject({ method: 'POST', url: '/api/api-keys', headers: session, payload: { name: 'Bench', scopes: ['read', 'scans'] } });
    const key = created.json<CreatedApiKey>().key;
    const auth = { authorization: `Bearer ${key}` };
    const placeList = (await app.inject({ method: 'GET', url: '/api/v1/places?limit=5', headers: auth })).json<{ data: { id: string }[] }>().data;
    const placeId = placeList[0]!.id;
    const kw = await app.inject({ method: 'POST', url: `/api/v1/places/${placeId}/keywords`, headers: auth, payload: { keywords: ['dentista'] } });
    const keywordId = kw.json<{ created: { id: string }[] }>().created[0]!.id;
    const started = await app.inject({ method: 'POST', url: `/api/v1/keywords/${keywordId}/analyses`, headers: auth, payload: {} });
    if (started.statusCode !== 201) throw new Error(`analysis answered ${started.statusCode}: ${started.body.slice(0, 300)}`);
    const analysisId = started.json<{ id: string }>().id;

    const timeOf = async (url: string, headers: Record<string, string>) => {
      const run = async () => {
        const res = await app.inject({ method: 'GET', url, headers });
        if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
      };
      return timeRuns(run, WARM_UP, CALLS);
    };
    const places = (await app.inject({ method: 'GET', url: '/api/v1/places?limit=100', headers: { authorization: `Bearer ${key}` } })).json<{ data: unknown[] }>().data.length;
    const injected = {
      apiV1Places: await timeOf('/api/v1/places?limit=50', auth),
      apiV1Credits: await timeOf('/api/v1/credits', auth),
      sessionPlaces: await timeOf('/api/place', session),
    };
    // The rate target is PostgreSQL's (production's); embedded PGlite gets the inject figures only.
    if (env.database !== 'PostgreSQL') return { name: `GET /api/v1 reads with an API key, app.inject (${places} places, ${env.database})`, loadAverage: loadavg().map((l) => round(l, 2)), ...injected };
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('the app is not listening on a port');
    const paths = ['/api/v1/places?limit=20', `/api/v1/places/${placeId}`, `/api/v1/places/${placeId}/keywords`, '/api/v1/credits', `/api/v1/analyses/${analysisId}`];
    const loadBefore = loadavg().map((l) => round(l, 2));
    const base = { baseUrl: `http://127.0.0.1:${address.port}`, paths, headers: auth, maxSockets: 64, timeoutMs: 5_000 };
    await runOpenLoop({ ...base, rate: 100, durationMs: 2_000 });
    const run = await runOpenLoop({ ...base, rate: RATE, durationMs: DURATION_MS });
    const sorted = [...run.latencies].sort((a, b) => a - b);
    return {
      name: `GET /api/v1 reads with an API key: app.inject, then open loop at ${RATE} req/s over HTTP for ${DURATION_MS / 1000} s (${places} places, ${env.database})`,
      loadAverage: loadavg().map((l) => round(l, 2)),
      ...injected,
      openLoop: {
        offeredRps: RATE,
        sent: run.sent,
        answeredRps: round((run.latencies.length / run.wallMs) * 1000, 1),
        statuses: run.statuses,
        maxInFlight: run.maxInFlight,
        p50Ms: round(percentile(sorted, 50)),
        p95Ms: round(percentile(sorted, 95)),
        p99Ms: round(percentile(sorted, 99)),
        maxMs: round(sorted.at(-1) ?? NaN),
        loadAverageBefore: loadBefore,
        paths: paths.map((p) => p.replace(/[0-9a-f-]{36}/g, ':id')),
      },
    };
  } finally {
    await env.close();
  }
}

await runWhenAlone(import.meta.url, benchApiV1);
