import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { validateResetTokenQuery } from './validate-reset-token';

/** POST /auth/reset-password/user/:token with the new password. */
export const resetPassword = ({ token, newPassword }: { token: string; newPassword: string }) =>
  api<{ message: string }>(`/auth/reset-password/user/${encodeURIComponent(token)}`, {
    method: 'POST',
    body: { newPassword },
    retryOn401: false,
  });

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    // A used token is spent: forget that it was valid.
    onSuccess: (_data, { token }) => queryClient.removeQueries({ queryKey: validateResetTokenQuery(token).queryKey }),
  });
}
