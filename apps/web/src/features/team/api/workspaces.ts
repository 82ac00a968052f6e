import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/auth/session';
import { paths } from '@/lib/paths';

/**
 * POST /api/workspaces/{id}/switch: the new token is stored as a sign-in stores one, every
 * cached answer (another workspace's) is dropped, and the start page opens. No sign-out
 * (docs/decisions.md §30.7).
 */
export function useSwitchWorkspace() {
  const { login } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (id: string) => api<{ accessToken: string }>(`/workspaces/${encodeURIComponent(id)}/switch`, { method: 'POST' }),
    onSuccess: async ({ accessToken }) => {
      queryClient.clear();
      await login(accessToken);
      await navigate(paths.root.getHref());
    },
  });
}
