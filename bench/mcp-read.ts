import { loadavg } from 'node:os';
import { callTool, connectHttp, listening, newApiKey } from '../apps/server/test/mcp-client';
import { round, runWhenAlone, timeMcpReads } from './lib';
import { mcpReadWorld } from './mcp-world';
import { openScanEnv } from './scan-env';

// An MCP read tool over streamable HTTP (issue 19, docs/mcp.md): the official client SDK,
// connected once, calls list_places (limit 50) and get_latest_analysis on the app listening on
// a local port. Each call is one POST /mcp: the key's hash and look-up, the per-key limit, the
// plan check, a new McpServer and transport (stateless, docs/decisions.md §26.5), the tool's
// query, the JSON answer. The timing loop is lib.ts's timeMcpReads. Goal: p95 ≤ 50 ms.

export async function benchMcpRead(opts: { databaseUrl?: string } = {}) {
  const env = await openScanEnv({ databaseUrl: opts.databaseUrl, env: { RATE_LIMIT_GLOBAL_MAX: '100000', RATE_LIMIT_API_MAX: '100000' } });
  try {
    const { headers, places, keywordId } = await mcpReadWorld(env);
    const { key } = await newApiKey(env.app, headers, ['read']);
    const client = await connectHttp(await listening(env.app), key);
    try {
      return {
        name: `MCP read tools over streamable HTTP with the official client, ${places} places (${env.database})`,
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

await runWhenAlone(import.meta.url, benchMcpRead);
