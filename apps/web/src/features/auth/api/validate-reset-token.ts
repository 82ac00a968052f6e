import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /auth/validate-reset-token/user/:token → {valid: true}, or 400 when invalid or expired. */
export const validateResetToken = (token: string, signal?: AbortSignal) =>
  api<{ valid: boolean }>(`/auth/validate-reset-token/user/${encodeURIComponent(token)}`, { signal, retryOn401: false });

export const validateResetTokenQuery = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'reset-token', token],
    queryFn: ({ signal }) => validateResetToken(token, signal),
    // A 400 is the answer, not a glitch; the token's state only changes when it is used.
    retry: false,
    staleTime: Infinity,
  });

export function useValidateResetToken(token: string) {
  return useQuery(validateResetTokenQuery(token));
}
