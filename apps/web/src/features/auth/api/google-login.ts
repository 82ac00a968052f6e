import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AccessTokenResponse } from './login';

/** POST /auth/google/user with the ID token Google Identity Services handed the page. */
export const loginWithGoogle = (token: string) =>
  api<AccessTokenResponse>('/auth/google/user', { method: 'POST', body: { token }, retryOn401: false });

export function useGoogleLogin() {
  return useMutation({ mutationFn: loginWithGoogle });
}
