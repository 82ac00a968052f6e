import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { CreatedApiKey } from '@rankmaps/shared/schemas/api-keys';
import { buildUser } from '../apps/server/test/factories';
import { subscribeThroughSandbox } from '../apps/server/test/sandbox';
import { percentile, round } from './lib';
import { openScanEnv } from './scan-env';

// The /api/v1 surface (issue 19, docs/api.md): GET /api/v1/places?limit=50 with an API key,
// through the app (inject: the key's hash and look-up, the per-key limit counted in the
// database, the plan check, the page query), next to the SPA's GET /api/place with a session,
// so the key's overhead per call is visible. The user's places are the demo market's Madrid
// dentists the loop could add (the count is in the result's name).

const THIS_FILE = fileURLToPath(import.meta.url);
const WARM_UP = 10;
const CALLS = 200;

export async function benchApiV1(opts: { databaseUrl?: string } = {}) {
  const env = await openScanEnv({ databaseUrl: opts.databaseUrl, env: { RATE_LIMIT_GLOBAL_MAX: '100000', RATE_LIMIT_API_MAX: '100000' } });
  try {
    const { app, container } = env;
    const user = await buildUser(container);
    const session = { authorization: `Bearer ${await container.accessTokens.sign(user.id)}` };
    await subscribeThroughSandbox(app, session, 'pro_enterprise', 'monthly');
    for (let i = 1; i <= 60; i++) {
      const res = await app.inject({ method: 'POST', url: '/api/place', headers: session, payload: { googlePlaceId: `demo-madrid-dentista-${i}`, matrixConfig: { gridSize: 5, radius: 1000, coordinates: { lat: 40.4168, lng: -3.7038 } } } });
      if (res.statusCode !== 201) break;
    }
    const created = await app.inject({ method: 'POST', url: '/api/api-keys', headers: session, payload: { name: 'Bench', scopes: ['read'] } });
    const key = created.json<CreatedApiKey>().key;

    const timeOf = async (url: string, headers: Record<string, string>) => {
      const run = async () => {
        const t0 = performance.now();
        const res = await app.inject({ method: 'GET', url, headers });
        if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
        return performance.now() - t0;
      };
      for (let i = 0; i < WARM_UP; i++) await run();
      const times: number[] = [];
      for (let i = 0; i < CALLS; i++) times.push(await run());
      times.sort((a, b) => a - b);
      return { calls: CALLS, p50Ms: round(percentile(times, 50)), p95Ms: round(percentile(times, 95)), p99Ms: round(percentile(times, 99)) };
    };
    const places = (await app.inject({ method: 'GET', url: '/api/v1/places?limit=100', headers: { authorization: `Bearer ${key}` } })).json<{ data: unknown[] }>().data.length;
    return {
      name: `GET /api/v1/places?limit=50 with an API key vs GET /api/place with a session, ${places} places, app.inject (${env.database})`,
      loadAverage: loadavg().map((l) => round(l, 2)),
      apiV1Places: await timeOf('/api/v1/places?limit=50', { authorization: `Bearer ${key}` }),
      apiV1Credits: await timeOf('/api/v1/credits', { authorization: `Bearer ${key}` }),
      sessionPlaces: await timeOf('/api/place', session),
    };
  } finally {
    await env.close();
  }
}

if (process.argv[1] === THIS_FILE) {
  // Alone: node --import tsx bench/api-v1.ts [postgres://…]
  console.log(JSON.stringify(await benchApiV1({ databaseUrl: process.argv[2] }), null, 2));
}
