import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /auth/request-password-reset/user. The answer is not read: the page shows its own text. */
export const requestPasswordReset = (email: string) =>
  api<unknown>('/auth/request-password-reset/user', { method: 'POST', body: { email }, retryOn401: false });

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
