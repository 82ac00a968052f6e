import { loadavg } from 'node:os';
import { callTool, connectHttp, listening, newApiKey } from '../apps/server/test/mcp-client';
import { fastScanDeps, scriptedProvider } from '../apps/server/test/scan-doubles';
import { runScan } from '../apps/server/src/modules/rankmaps/scan/scan.service';
import { round, runWhenAlone } from './lib';
import { timeRuns } from './http-timing';
import { openScanEnv, subscribedUser } from './scan-env';

// An MCP read tool over streamable HTTP (issue 19, docs/mcp.md): the official client SDK,
// connected once, calls list_places (limit 50) and get_latest_analysis on the app listening on
// a local port. Each call is one POST /mcp: the key's hash and look-up, the per-key limit, the
// plan check, a new McpServer and transport (stateless, docs/decisions.md §26.5), the tool's
// query, the JSON answer. Goal: p95 ≤ 50 ms.

const WARM_UP = 10;
const CALLS = 200;

export async function benchMcpRead(opts: { databaseUrl?: string } = {}) {
  const env = await openScanEnv({ databaseUrl: opts.databaseUrl, env: { RATE_LIMIT_GLOBAL_MAX: '100000', RATE_LIMIT_API_MAX: '100000' } });
  try {
    const { app, container } = env;
    const { headers: session } = await subscribedUser(env, 'pro_enterprise');
    const placeIds: string[] = [];
    for (let i = 1; i <= 60; i++) {
      const res = await app.inject({ method: 'POST', url: '/api/place', headers: session, payload: { googlePlaceId: `demo-madrid-dentista-${i}`, matrixConfig: { gridSize: 5, radius: 1000, coordinates: { lat: 40.4168, lng: -3.7038 } } } });
      if (res.statusCode !== 201) break;
      placeIds.push(res.json<{ _id: string }>()._id);
    }
    const kw = await app.inject({ method: 'POST', url: '/api/keyword', headers: session, payload: { name: 'dentista', placeId: placeIds[0] } });
    const keywordId = kw.json<{ _id: string }>()._id;
    const analysis = await app.inject({ method: 'POST', url: `/api/rankmap/keyword/${keywordId}/analyze`, headers: session, payload: { query: 'dentista', maxResults: 20, radius: 0 } });
    const rankMapId = analysis.json<{ rankMapId: string }>().rankMapId;
    if ((await runScan(fastScanDeps(container, scriptedProvider().provider), rankMapId)) !== 'completed') throw new Error('the analysis did not complete');
    const { key } = await newApiKey(app, session, ['read']);
    const client = await connectHttp(await listening(app), key);

    const timeOf = async (name: string, args: Record<string, unknown>) => {
      const run = async () => {
        const r = await callTool(client, name, args);
        if (r.isError) throw new Error(`${name}: ${r.text}`);
      };
      return timeRuns(run, WARM_UP, CALLS);
    };
    try {
      return {
        name: `MCP read tools over streamable HTTP with the official client, ${placeIds.length} places (${env.database})`,
        loadAverage: loadavg().map((l) => round(l, 2)),
        listPlaces: await timeOf('list_places', { limit: 50 }),
        latestAnalysis: await timeOf('get_latest_analysis', { keywordId }),
        goal: 'p95 ≤ 50 ms',
      };
    } finally {
      await client.close();
    }
  } finally {
    await env.close();
  }
}

await runWhenAlone(import.meta.url, benchMcpRead);
