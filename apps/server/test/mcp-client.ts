import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { CreatedApiKey } from '@rankmaps/shared/schemas/api-keys';
import type { FastifyInstance } from 'fastify';

// The official MCP client SDK against the app's /mcp (docs/mcp.md), for the MCP tests and the
// benchmark: real HTTP to a listening app, the key in the Authorization header.

export const MCP_TOOLS = [
  'add_keywords',
  'add_place',
  'compare_analyses',
  'create_campaign',
  'create_share_link',
  'get_ai_visibility',
  'get_analysis_points',
  'get_credits',
  'get_heatmap',
  'get_latest_analysis',
  'get_place',
  'get_portfolio',
  'get_report_pdf',
  'get_scan_status',
  'list_activity',
  'list_alerts',
  'list_campaigns',
  'list_keywords',
  'list_listing_changes',
  'list_places',
  'list_reviews',
  'list_share_links',
  'mark_alerts_read',
  'pause_campaign',
  'reply_to_review',
  'resume_campaign',
  'run_ai_visibility',
  'run_scan',
  'search_places',
] as const;
export type McpToolName = (typeof MCP_TOOLS)[number];

/** The app listening on a free local port; its base URL. */
export async function listening(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app is not listening on a port');
  return `http://127.0.0.1:${address.port}`;
}

/** A connected MCP client over streamable HTTP; `key` null sends no Authorization header. */
export async function connectHttp(baseUrl: string, key: string | null): Promise<Client> {
  const client = new Client({ name: 'rankmaps-tests', version: '1.0.0' });
  const headers: Record<string, string> = key ? { authorization: `Bearer ${key}` } : {};
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', baseUrl), { requestInit: { headers } }));
  return client;
}

/** The repository's root, where `npm run mcp:stdio` is defined. */
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * An MCP client of the stdio bridge (`npm run mcp:stdio`) with `key`, forwarding to the app at
 * `baseUrl`; connecting the client to the transport starts the bridge as a child process.
 */
export function stdioBridgeClient(baseUrl: string, key: string): { client: Client; transport: StdioClientTransport } {
  const transport = new StdioClientTransport({
    command: 'npm',
    args: ['run', '--silent', 'mcp:stdio'],
    cwd: REPO_ROOT,
    env: { ...(process.env as Record<string, string>), RANKMAPS_API_KEY: key, RANKMAPS_URL: baseUrl },
    stderr: 'pipe',
  });
  return { client: new Client({ name: 'rankmaps-stdio-tests', version: '1.0.0' }), transport };
}

/** A tool's answer: its structured content (and text) when it succeeded, its message and code when it is a tool error. */
export async function callTool(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
  return { isError: result.isError === true, text, structured: result.structuredContent, code: result._meta?.code as string | undefined };
}

/** A new API key of the signed-in user (session headers) with `scopes`. */
export async function newApiKey(
  app: FastifyInstance,
  headers: Record<string, string>,
  scopes: string[] = ['read', 'scans'],
): Promise<CreatedApiKey> {
  const res = await app.inject({ method: 'POST', url: '/api/api-keys', headers, payload: { name: 'MCP', scopes } });
  if (res.statusCode !== 201) throw new Error(`POST /api/api-keys: ${res.statusCode} ${res.body}`);
  return res.json<CreatedApiKey>();
}
