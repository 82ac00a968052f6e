import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface ConfirmEmailResponse {
  message: string;
  accessToken?: string;
}

/** GET /auth/confirm-email/:type/:token: confirms the address and answers with a session token. */
export const confirmEmail = (type: string, token: string) =>
  api<ConfirmEmailResponse>(`/auth/confirm-email/${encodeURIComponent(type)}/${encodeURIComponent(token)}`, { retryOn401: false });

/**
 * A confirmation link works once, so the call must never repeat: not on StrictMode's
 * second effect, and not when the page remounts because signing in swaps the layout
 * around it. Keying the call in the query cache gives both for free (a ref would not
 * survive the remount). `onConfirmed` starts the session inside the same single run.
 */
export const confirmEmailQuery = (type: string, token: string, onConfirmed: (accessToken: string) => Promise<unknown>) =>
  queryOptions({
    queryKey: ['auth', 'confirm-email', type, token],
    queryFn: async () => {
      const res = await confirmEmail(type, token);
      if (res.accessToken) await onConfirmed(res.accessToken);
      return res;
    },
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnMount: false,
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
  });

export function useConfirmEmail(
  type: string | undefined,
  token: string | undefined,
  onConfirmed: (accessToken: string) => Promise<unknown>,
) {
  return useQuery({ ...confirmEmailQuery(type ?? '', token ?? '', onConfirmed), enabled: Boolean(type && token) });
}
