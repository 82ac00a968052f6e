import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SandboxCheckout } from '@rankmaps/shared/schemas/sandbox';
import { api } from '@/lib/api-client';

/** GET /sandbox/checkout/:id: what the sandbox checkout page shows (404 for an unknown session). */
export const getSandboxCheckout = (id: string, signal?: AbortSignal) =>
  api<SandboxCheckout>(`/sandbox/checkout/${encodeURIComponent(id)}`, { signal, retryOn401: false });

export const sandboxCheckoutQuery = (id: string) =>
  queryOptions({
    queryKey: ['sandbox', 'checkout', id],
    queryFn: ({ signal }) => getSandboxCheckout(id, signal),
    retry: false,
  });

export function useSandboxCheckout(id: string) {
  return useQuery(sandboxCheckoutQuery(id));
}
