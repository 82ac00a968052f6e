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
  getPlaceReviewPace: 'read',
  listPlaceListingChanges: 'read',
  // Reviews (docs/decisions.md §32.7): a reply is published in the workspace's name, so it needs the write permission.
  listPlaceReviews: 'read',
  replyToPlaceReview: 'scans',
  deletePlaceReviewReply: 'scans',
  listKeywordAnalyses: 'read',
  startKeywordAnalysis: 'scans',
  getAnalysis: 'read',
  listAnalysisResults: 'read',
  compareAnalyses: 'read',
  exportAnalysisCsv: 'read',
  getAnalysisHeatmapPng: 'read',
  listCampaigns: 'read',
  createCampaign: 'scans',
  pauseCampaign: 'scans',
  resumeCampaign: 'scans',
  listShareLinks: 'read',
  createShareLink: 'scans',
  getPortfolio: 'read',
  getCredits: 'read',
  getCreditForecast: 'read',
  // AI visibility (docs/decisions.md §31.4).
  listAiEngines: 'read',
  startAiVisibilityAnalysis: 'scans',
  listKeywordAiVisibility: 'read',
  getAiVisibility: 'read',
  listAiVisibilityPoints: 'read',
  compareAiVisibilityAnalyses: 'read',
} as const satisfies Record<string, ApiKeyScope>;

/** An action of the table: the operationId of its /api/v1 route. */
export type KeyAction = keyof typeof KEY_PERMISSIONS;

export const KEY_ACTIONS = Object.keys(KEY_PERMISSIONS) as KeyAction[];

export const isKeyAction = (name: string): name is KeyAction => Object.hasOwn(KEY_PERMISSIONS, name);

/** The permission a key needs for an action. */
export const permissionFor = (action: KeyAction): ApiKeyScope => KEY_PERMISSIONS[action];

/**
 * What the MCP server does that no /api/v1 route does (yet): searching and adding a business,
 * the report's PDF, the person's alerts and the activity log (docs/decisions.md §33.6). Same two
 * permissions, same rule: a write, a purchase or a publication is `scans`.
 */
export const MCP_ONLY_PERMISSIONS = {
  searchPlaces: 'read',
  createPlace: 'scans',
  getReportPdf: 'read',
  listNotifications: 'read',
  markNotificationsRead: 'scans',
  listActivity: 'read',
} as const satisfies Record<string, ApiKeyScope>;

/** An action an MCP tool performs: a v1 route's or an MCP-only one. */
export type McpAction = KeyAction | keyof typeof MCP_ONLY_PERMISSIONS;

export const isMcpOnlyAction = (name: string): name is keyof typeof MCP_ONLY_PERMISSIONS => Object.hasOwn(MCP_ONLY_PERMISSIONS, name);

/** The permission a key needs for an MCP tool's action. */
export const permissionForMcpAction = (action: McpAction): ApiKeyScope =>
  isMcpOnlyAction(action) ? MCP_ONLY_PERMISSIONS[action] : KEY_PERMISSIONS[action];

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
  get_heatmap: ['getAnalysisHeatmapPng'],
  list_reviews: ['listPlaceReviews'],
  reply_to_review: ['replyToPlaceReview'],
  list_listing_changes: ['listPlaceListingChanges'],
  // The tools of issue 32's second half (docs/decisions.md §33.6).
  get_place: ['getPlace'],
  search_places: ['searchPlaces'],
  add_place: ['createPlace'],
  add_keywords: ['addPlaceKeywords'],
  get_analysis_points: ['listAnalysisResults'],
  list_campaigns: ['listCampaigns'],
  create_campaign: ['createCampaign'],
  pause_campaign: ['pauseCampaign'],
  resume_campaign: ['resumeCampaign'],
  list_share_links: ['listShareLinks'],
  get_report_pdf: ['getReportPdf'],
  list_alerts: ['listNotifications'],
  mark_alerts_read: ['markNotificationsRead'],
  run_ai_visibility: ['startAiVisibilityAnalysis'],
  get_ai_visibility: ['getAiVisibility', 'listAiVisibilityPoints'],
  list_activity: ['listActivity'],
} as const satisfies Record<string, readonly McpAction[]>;

export type McpToolName = keyof typeof MCP_TOOL_ACTIONS;

/** The permissions an MCP tool needs: those of every action it performs, `read` before `scans`. */
export function permissionsForTool(tool: McpToolName): ApiKeyScope[] {
  const needed = new Set<ApiKeyScope>((MCP_TOOL_ACTIONS[tool] as readonly McpAction[]).map(permissionForMcpAction));
  return (['read', 'scans'] as const).filter((scope) => needed.has(scope));
}
