import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from 'pino';
import type { ApiKeyScope } from '@rankmaps/shared/schemas/api-keys';
import { AppError } from '../errors';
import { MISSING_SCOPE } from '../modules/api-v1/api-key-auth';
import { type McpToolName, permissionsForTool } from '../modules/api-keys/key-permissions';

// What every MCP tool answers (docs/mcp.md, docs/decisions.md §26.5): a short Spanish line and
// the JSON a model reads, the same object as structuredContent; or a tool error (isError) with
// the app's Spanish message and its code in _meta. Nothing else of an error ever leaves.

export const INTERNAL_TOOL_ERROR = 'Error interno del servidor. Inténtalo de nuevo en unos minutos.';

/** Who is calling: the API key's owner and the key's scopes. */
export interface McpCaller {
  userId: string;
  keyId: string;
  scopes: readonly string[];
}

export function toolResult<T extends Record<string, unknown>>(summary: string, structured: T): CallToolResult & { structuredContent: T } {
  return { content: [{ type: 'text', text: `${summary}\n\n${JSON.stringify(structured, null, 2)}` }], structuredContent: structured };
}

export function toolError(message: string, code: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true, _meta: { code } };
}

/** A tool's description, Spanish then English, ending with the permissions the table gives it. */
export function toolDescription(tool: McpToolName, es: string, en: string): string {
  const permissions = permissionsForTool(tool).join(' + ');
  return `ES: ${es} Permiso ${permissions}.\nEN: ${en} Scope: ${permissions}.`;
}

/** Refuses a tool the key has no scope for, as v1 refuses a route (403 MISSING_SCOPE there). */
export function requireToolScope(caller: McpCaller, scope: ApiKeyScope): void {
  if (!caller.scopes.includes(scope)) throw new AppError('MISSING_SCOPE', MISSING_SCOPE(scope), 403);
}

/**
 * Runs a tool's work, once the key has the permissions the table gives the tool's actions
 * (key-permissions.ts, the same rows as the /api/v1 routes): an AppError (a refusal on purpose: not found, no credits, wrong scope) is
 * the tool's error with its Spanish message; anything else is logged and answered with the
 * generic message, so no internal detail reaches the client.
 */
export async function runTool(
  log: Logger,
  caller: McpCaller,
  tool: McpToolName,
  work: () => Promise<CallToolResult>,
): Promise<CallToolResult> {
  try {
    for (const scope of permissionsForTool(tool)) requireToolScope(caller, scope);
    return await work();
  } catch (err) {
    if (err instanceof AppError) return toolError(err.message, err.code);
    log.error({ err, tool }, 'MCP tool failed');
    return toolError(INTERNAL_TOOL_ERROR, 'INTERNAL');
  }
}
