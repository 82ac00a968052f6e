import { useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { useSession } from '../auth/session';
import type { WorkspaceList } from './types';

// The workspaces a person belongs to (docs/decisions.md §30.7): every screen's permissions hang on it.

export const workspacesKey = ['workspaces'] as const;

/** GET /api/workspaces, while signed in. */
export function useWorkspaces() {
  const { isAuthenticated } = useSession();
  return useQuery({
    queryKey: workspacesKey,
    queryFn: ({ signal }) => api<WorkspaceList>('/workspaces', { signal }),
    enabled: isAuthenticated,
    staleTime: 60_000,
    retry: false,
    // Many components read it: one that mounts does not ask again, even after a failure (a
    // switch, a sign-in and a sign-out clear the cache).
    refetchOnMount: false,
    retryOnMount: false,
  });
}
