import type { ApiKeyScope } from '@rankmaps/shared/schemas/api-keys';

// THE permission table of API keys (docs/api.md «Permisos», docs/mcp.md «Keys and scopes»):
// every action a key can take, named by its /api/v1 operationId, and the permission it needs.
// The v1 routes take their access from it (api-v1 route files, `v1Action`), and every MCP tool
// names the action(s) it performs, so its scope check reads the same row (mcp-result.ts
// `runTool`). A route or a tool never states a permission of its own: REST and MCP cannot
// disagree (a read-only key once published a permanent public report through MCP).
//
// `read` reads; `scans` is the key's write permission: whatever spends credits, creates,
// publishes or changes something.

export const KEY_PERMISSIONS = {
  listPlaces: 'read',
  getPlace: 'read',
  listPlaceKeywords: 'read',
  addPlaceKeywords: 'scans',
  getPlaceReport: 'read',
  listKeywordAnalyses: 'read',
  startKeywordAnalysis: 'scans',
  getAnalysis: 'read',
  listAnalysisResults: 'read',
  compareAnalyses: 'read',
  exportAnalysisCsv: 'read',
  listCampaigns: 'read',
  createCampaign: 'scans',
  pauseCampaign: 'scans',
  resumeCampaign: 'scans',
  listShareLinks: 'read',
  createShareLink: 'scans',
  getPortfolio: 'read',
  getCredits: 'read',
  getCreditForecast: 'read',
} as const satisfies Record<string, ApiKeyScope>;

/** An action of the table: the operationId of its /api/v1 route. */
export type KeyAction = keyof typeof KEY_PERMISSIONS;

export const KEY_ACTIONS = Object.keys(KEY_PERMISSIONS) as KeyAction[];

export const isKeyAction = (name: string): name is KeyAction => Object.hasOwn(KEY_PERMISSIONS, name);

/** The permission a key needs for an action. */
export const permissionFor = (action: KeyAction): ApiKeyScope => KEY_PERMISSIONS[action];

/** Each MCP tool and the actions of the table it performs (docs/mcp.md «Tools»). */
export const MCP_TOOL_ACTIONS = {
  list_places: ['listPlaces'],
  list_keywords: ['listPlaceKeywords'],
  get_latest_analysis: ['listKeywordAnalyses'],
  get_scan_status: ['getAnalysis'],
  run_scan: ['startKeywordAnalysis'],
  compare_analyses: ['compareAnalyses'],
  get_portfolio: ['getPortfolio'],
  create_share_link: ['createShareLink'],
  get_credits: ['getCredits', 'getCreditForecast'],
} as const satisfies Record<string, readonly KeyAction[]>;

export type McpToolName = keyof typeof MCP_TOOL_ACTIONS;

/** The permissions an MCP tool needs: those of every action it performs, `read` before `scans`. */
export function permissionsForTool(tool: McpToolName): ApiKeyScope[] {
  const needed = new Set<ApiKeyScope>(MCP_TOOL_ACTIONS[tool].map(permissionFor));
  return (['read', 'scans'] as const).filter((scope) => needed.has(scope));
}
