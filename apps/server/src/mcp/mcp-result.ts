import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from 'pino';
import type { ApiKeyScope } from '@rankmaps/shared/schemas/api-keys';
import { type WorkspaceAction, type WorkspaceRole, can } from '@rankmaps/shared/permissions';
import { AppError } from '../errors';
import type { Scope } from '../modules/workspaces/scope';
import { MISSING_SCOPE } from '../modules/api-v1/api-key-auth';
import { ROLE_FORBIDDEN_MESSAGE } from '../modules/workspaces/workspace-access';
import { type McpToolName, permissionsForTool } from '../modules/api-keys/key-permissions';

// What every MCP tool answers (docs/mcp.md, docs/decisions.md §26.5): a short Spanish line and
// the JSON a model reads, the same object as structuredContent; or a tool error (isError) with
// the app's Spanish message and its code in _meta. Nothing else of an error ever leaves.

export const INTERNAL_TOOL_ERROR = 'Error interno del servidor. Inténtalo de nuevo en unos minutos.';

/**
 * Who is calling: the workspace (`userId`), the credential's scopes, and the role and person it
 * acts as (docs/decisions.md §30.1). An API key (`keyId`) sees the whole workspace; an OAuth
 * token (`keyId` null, docs/decisions.md §33.3) acts as its person, with their role and, for a
 * Miembro or Cliente, only their assigned clients' businesses (`scope`).
 */
export interface McpCaller {
  userId: string;
  keyId: string | null;
  scopes: readonly string[];
  scope: Scope;
  /** The caller's address, for the activity log (docs/decisions.md §30.5). */
  ip?: string;
  role: WorkspaceRole;
  actorId: string;
}

/**
 * What each tool does in the terms of the workspace permission table (packages/shared/src/permissions.ts),
 * checked with `can` like a route's access.workspace(action): a key acts as its workspace with
 * the role the key auth gives it (docs/decisions.md §30.6).
 */
export const MCP_TOOL_WORKSPACE_ACTIONS: Record<McpToolName, WorkspaceAction> = {
  list_places: 'data.read',
  list_keywords: 'data.read',
  get_latest_analysis: 'data.read',
  get_scan_status: 'data.read',
  run_scan: 'scan.run',
  compare_analyses: 'data.read',
  get_portfolio: 'data.read',
  create_share_link: 'share.manage',
  get_credits: 'billing.read',
  get_heatmap: 'data.read',
  list_reviews: 'data.read',
  reply_to_review: 'reviews.reply',
  list_listing_changes: 'data.read',
  get_place: 'data.read',
  search_places: 'data.write',
  add_place: 'data.write',
  add_keywords: 'data.write',
  get_analysis_points: 'data.read',
  list_campaigns: 'data.read',
  create_campaign: 'data.write',
  pause_campaign: 'data.write',
  resume_campaign: 'data.write',
  list_share_links: 'share.manage',
  get_report_pdf: 'data.read',
  list_alerts: 'data.read',
  mark_alerts_read: 'data.read',
  run_ai_visibility: 'scan.run',
  get_ai_visibility: 'data.read',
  list_activity: 'activity.read',
};

/** Refuses a tool the caller's role may not use, as the route kit refuses a route (403 ROLE_FORBIDDEN there). */
export function requireToolAction(caller: McpCaller, tool: McpToolName): void {
  if (!can(caller.role, MCP_TOOL_WORKSPACE_ACTIONS[tool])) throw new AppError('ROLE_FORBIDDEN', ROLE_FORBIDDEN_MESSAGE, 403);
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
    requireToolAction(caller, tool);
    return await work();
  } catch (err) {
    if (err instanceof AppError) return toolError(err.message, err.code);
    log.error({ err, tool }, 'MCP tool failed');
    return toolError(INTERNAL_TOOL_ERROR, 'INTERNAL');
  }
}
