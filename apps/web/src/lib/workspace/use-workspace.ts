import type { WorkspaceAction } from '@rankmaps/shared/permissions';
import { useWorkspaces } from './workspaces-query';
import { type ActiveWorkspace, activeWorkspace, roleCan } from './active-workspace';

/** The active workspace and the person's role in it (docs/decisions.md §30.7). */
export function useWorkspace(): ActiveWorkspace {
  const query = useWorkspaces();
  // Only the first load counts as loading: a refetch after a failure puts a query without data
  // back to pending, and the layouts must not unmount (and so refetch) on it.
  const firstLoad = query.isPending && query.fetchStatus !== 'idle' && query.errorUpdatedAt === 0;
  return activeWorkspace(query.data?.items, { pending: firstLoad, failed: query.isError || query.errorUpdatedAt > 0 });
}

/**
 * Whether the active role may do `action`, read from packages/shared/src/permissions.ts, the
 * table the server checks (docs/decisions.md §30.2). Every button, menu item and panel a role
 * cannot use asks this hook, so the gating lives in one place.
 */
export function useCan(action: WorkspaceAction): boolean {
  return roleCan(useWorkspace().role, action);
}
