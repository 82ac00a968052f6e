import { type WorkspaceAction, type WorkspaceRole, can } from '@rankmaps/shared/permissions';
import type { WorkspaceBrand, WorkspaceItem } from './types';

/** The workspace the person acts in now, and what the interface may offer them there. */
export interface ActiveWorkspace {
  /** null until the list has loaded. */
  role: WorkspaceRole | null;
  id: string | null;
  name: string | null;
  brand: WorkspaceBrand | null;
  /** Whether «Hecho con RankMaps» shows in the client portal (false where the plan lets the agency remove it and it did). */
  poweredBy: boolean;
  /** Every workspace they belong to; the switcher shows when there is more than one. */
  all: WorkspaceItem[];
  loading: boolean;
}

/**
 * The active workspace from GET /api/workspaces' answer. While it loads the role is unknown and
 * every gated action is hidden. If the list cannot be read the person is taken for the owner
 * of their own workspace: a solo user's app stays as it was, and the server still checks every
 * call against the same table (docs/decisions.md §30.2), so a wrong guess hides nothing real.
 */
export function activeWorkspace(
  items: readonly WorkspaceItem[] | undefined,
  state: { pending: boolean; failed: boolean },
): ActiveWorkspace {
  if (items && items.length > 0) {
    const active = items.find((w) => w.active) ?? items[0]!;
    return { role: active.role, id: active.id, name: active.name, brand: active.brand, poweredBy: active.poweredBy, all: [...items], loading: false };
  }
  if (state.pending && !state.failed) return { role: null, id: null, name: null, brand: null, poweredBy: true, all: [], loading: true };
  return { role: 'owner', id: null, name: null, brand: null, poweredBy: true, all: [], loading: false };
}

/** Whether the role may do the action; nothing while the role is not known yet. */
export function roleCan(role: WorkspaceRole | null, action: WorkspaceAction): boolean {
  return role !== null && can(role, action);
}

/** The client portal replaces the agency app for a role that may only read (a Cliente). */
export function usesClientPortal(role: WorkspaceRole | null): boolean {
  return role !== null && roleCan(role, 'data.read') && !roleCan(role, 'scan.run') && !roleCan(role, 'data.write');
}
