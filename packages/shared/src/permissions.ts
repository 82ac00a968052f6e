// Who may do what in a workspace (docs/decisions.md §30.2). The one table of permissions:
// the route kit checks a route's declared action against it, the MCP tools check theirs, and
// the SPA reads it to show or hide what a role cannot do. No code checks a role by name.

export const WORKSPACE_ROLES = ['owner', 'admin', 'member', 'client'] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

/** The Spanish names the interface shows. */
export const ROLE_LABELS: Record<WorkspaceRole, string> = {
  owner: 'Propietario',
  admin: 'Administrador',
  member: 'Miembro',
  client: 'Cliente',
};

/**
 * What a route or tool does, in the terms the table grants. Coarse on purpose: one action per
 * kind of thing a role is or is not trusted with, not one per route.
 */
export const WORKSPACE_ACTIONS = [
  /** Read businesses, results, history, comparisons, trend, portfolio and reports (scoped). */
  'data.read',
  /** Spend credits: scans, analyses, campaign rounds. */
  'scan.run',
  /** Add, change or delete businesses, keywords, campaigns, comparisons and alerts (scoped). */
  'data.write',
  /** Reply to a business's Google reviews, edit or delete a reply (docs/decisions.md §32.4; scoped). */
  'reviews.reply',
  /** Create or revoke share links, send reports. */
  'share.manage',
  /** Create, rename or delete clients; assign businesses to them. */
  'clients.manage',
  /** The white-label brand. */
  'brand.manage',
  /** API keys, webhooks, Slack URLs and integrations. */
  'integrations.manage',
  /** Invite, change and remove members. */
  'members.manage',
  /** Read the activity log. */
  'activity.read',
  /** See credits, the ledger and the plan. */
  'billing.read',
  /** Buy, change the plan, cancel. */
  'billing.manage',
  /** Delete the workspace or hand it to another owner. */
  'workspace.own',
] as const;
export type WorkspaceAction = (typeof WORKSPACE_ACTIONS)[number];

const ALL: readonly WorkspaceAction[] = WORKSPACE_ACTIONS;

/** The table. A role may do exactly the actions listed for it. */
export const ROLE_PERMISSIONS: Record<WorkspaceRole, readonly WorkspaceAction[]> = {
  owner: ALL,
  admin: ALL.filter((action) => action !== 'billing.manage' && action !== 'workspace.own'),
  member: ['data.read', 'scan.run', 'data.write', 'reviews.reply', 'share.manage', 'billing.read'],
  client: ['data.read'],
};

/** Roles that see only the businesses of the clients assigned to them. */
export const SCOPED_ROLES: readonly WorkspaceRole[] = ['member', 'client'];

export function can(role: WorkspaceRole, action: WorkspaceAction): boolean {
  return ROLE_PERMISSIONS[role].includes(action);
}

/** Whether a role sees every business of the workspace, or only its assigned clients'. */
export function seesWholeWorkspace(role: WorkspaceRole): boolean {
  return !SCOPED_ROLES.includes(role);
}

/**
 * Whether a role takes one of the plan's member seats (docs/decisions.md §30.3): the owner never
 * does; Cliente viewers are free on the agency plans, and count like anyone else on the
 * business plans, whose one seat is for a colleague.
 */
export function takesSeat(role: WorkspaceRole, onAgencyPlan: boolean): boolean {
  if (role === 'owner') return false;
  return role !== 'client' || !onAgencyPlan;
}
