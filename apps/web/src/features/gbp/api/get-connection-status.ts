import { useQuery } from '@tanstack/react-query';
import type { GbpConnectionStatus } from '@rankmaps/shared/schemas/gbp';
import { api } from '@/lib/api-client';
import { retryGbp } from '../utils/errors';
import { gbpKeys } from './keys';

/** GET /gbp/connection/status: {connected, expired, provider, accountEmail}. */
export const getConnectionStatus = (signal?: AbortSignal) => api<GbpConnectionStatus>('/gbp/connection/status', { signal });

export function useGbpStatus(enabled = true) {
  return useQuery({
    queryKey: gbpKeys.status(),
    queryFn: ({ signal }) => getConnectionStatus(signal),
    enabled,
    staleTime: 30_000,
    retry: retryGbp,
  });
}

/** docs/product.md §4: the button reads Reconectar when connected and not expired, otherwise Conectar Google Business. */
export const isUsable = (s: GbpConnectionStatus | undefined): boolean => Boolean(s?.connected && !s.expired);
