import { fastScanDeps, scriptedProvider } from '../apps/server/test/scan-doubles';
import { runScan } from '../apps/server/src/modules/rankmaps/scan/scan.service';
import { type ScanEnv, subscribedUser } from './scan-env';

// The data of the MCP read benchmarks (bench/mcp-read.ts, bench/mcp-oauth.ts): an Enterprise
// workspace with up to 60 places and one keyword with a completed analysis (scanned in-process).

export async function mcpReadWorld(env: ScanEnv) {
  const { app, container } = env;
  const { user, headers } = await subscribedUser(env, 'pro_enterprise');
  const placeIds: string[] = [];
  for (let i = 1; i <= 60; i++) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/place',
      headers,
      payload: {
        googlePlaceId: `demo-madrid-dentista-${i}`,
        matrixConfig: { gridSize: 5, radius: 1000, coordinates: { lat: 40.4168, lng: -3.7038 } },
      },
    });
    if (res.statusCode !== 201) break;
    placeIds.push(res.json<{ _id: string }>()._id);
  }
  const kw = await app.inject({ method: 'POST', url: '/api/keyword', headers, payload: { name: 'dentista', placeId: placeIds[0] } });
  const keywordId = kw.json<{ _id: string }>()._id;
  const analysis = await app.inject({
    method: 'POST',
    url: `/api/rankmap/keyword/${keywordId}/analyze`,
    headers,
    payload: { query: 'dentista', maxResults: 20, radius: 0 },
  });
  const rankMapId = analysis.json<{ rankMapId: string }>().rankMapId;
  if ((await runScan(fastScanDeps(container, scriptedProvider().provider), rankMapId)) !== 'completed')
    throw new Error('the analysis did not complete');
  return { user, headers, places: placeIds.length, keywordId };
}
