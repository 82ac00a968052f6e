import { loadavg } from 'node:os';
import { callTool, connectHttp, listening } from '../apps/server/test/mcp-client';
import { oauthTokens } from '../apps/server/test/oauth-flow';
import { round, runWhenAlone, timeMcpReads } from './lib';
import { mcpReadWorld } from './mcp-world';
import { openScanEnv } from './scan-env';

// An MCP read tool over OAuth (issue 32, docs/decisions.md §33): the official client SDK,
// connected once with an access token RankMaps issued (registration, consent and the code
// exchange done through the app first), calls list_places (limit 50) and get_latest_analysis
// on the app listening on a local port. Each call is one POST /mcp: the token's hash and its
// one look-up with the grant and the current membership, the per-grant limit, the plan check,
// a new McpServer and transport, the tool's query, the JSON answer, and the grant's last-use
// stamp at most once a minute. The same data and timing loop as bench/mcp-read.ts (the API-key
// path): bench/mcp-world.ts and lib.ts's timeMcpReads. Goal: p95 ≤ 50 ms.

export async function benchMcpOAuth(opts: { databaseUrl?: string } = {}) {
  const env = await openScanEnv({ databaseUrl: opts.databaseUrl, env: { RATE_LIMIT_GLOBAL_MAX: '100000', RATE_LIMIT_API_MAX: '100000' } });
  try {
    const { user, headers, places, keywordId } = await mcpReadWorld(env);
    const { accessToken } = await oauthTokens(env.app, headers, user.id);
    const client = await connectHttp(await listening(env.app), accessToken);
    try {
      return {
        name: `MCP read tools over OAuth with the official client, ${places} places (${env.database})`,
        loadAverage: loadavg().map((l) => round(l, 2)),
        ...(await timeMcpReads((name, args) => callTool(client, name, args), keywordId)),
      };
    } finally {
      await client.close();
    }
  } finally {
    await env.close();
  }
}

await runWhenAlone(import.meta.url, benchMcpOAuth);
