import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Container } from '../container';
import { type IdKind, hiddenIds } from '../modules/workspaces/scope-guard';
import type { McpCaller } from './mcp-result';

// The scope guard of the routes (docs/decisions.md §30.6), for the MCP tools of a Miembro or a
// Cliente connected with OAuth (docs/decisions.md §33.3): every id argument naming a business
// not assigned to them, or something hanging from one, is swapped for an id that names
// nothing, so the tool answers exactly its "not found" for another workspace's id. The list
// tools take the caller's scope themselves (list_places, get_portfolio).

/** Tool arguments that carry ids, and what they name. */
const ARGUMENT_KINDS: Record<string, IdKind> = {
  placeId: 'place',
  keywordId: 'keyword',
  analysisId: 'rankMap',
  otherAnalysisId: 'rankMap',
  targetId: 'shareTarget',
  keywordIds: 'keyword',
  campaignId: 'campaign',
  aiAnalysisId: 'aiAnalysis',
};

const NOBODY = '00000000-0000-4000-8000-000000000000';

export async function scopedArguments(container: Pick<Container, 'database'>, caller: McpCaller, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { clientIds } = caller.scope;
  if (clientIds === null) return args;
  const out = { ...args };
  for (const [key, kind] of Object.entries(ARGUMENT_KINDS)) {
    const value = out[key];
    const ids = typeof value === 'string' ? [value] : Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
    if (ids.length === 0) continue;
    const hidden = await hiddenIds(container.database.db, { workspaceId: caller.scope.workspaceId, clientIds }, kind, ids);
    if (hidden.size === 0) continue;
    // A list keeps its length: each hidden id becomes one that names nothing.
    out[key] = typeof value === 'string' ? NOBODY : (value as unknown[]).map((v) => (typeof v === 'string' && hidden.has(v) ? NOBODY : v));
  }
  return out;
}

/** Makes every tool registered on `server` from now on receive its arguments through scopedArguments. */
export function scopeToolArguments(server: McpServer, container: Pick<Container, 'database'>, caller: McpCaller): void {
  if (caller.scope.clientIds === null) return;
  const register = server.registerTool.bind(server) as (name: string, config: unknown, cb: (...a: unknown[]) => unknown) => unknown;
  const wrapped = (name: string, config: unknown, cb: (...a: unknown[]) => unknown) =>
    register(name, config, async (args: unknown, ...rest: unknown[]) =>
      cb(args && typeof args === 'object' ? await scopedArguments(container, caller, args as Record<string, unknown>) : args, ...rest),
    );
  (server as unknown as { registerTool: typeof wrapped }).registerTool = wrapped;
}
