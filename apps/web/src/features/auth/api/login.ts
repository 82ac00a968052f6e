import { useMutation } from '@tanstack/react-query';
import type { LoginRequest } from '@rankmaps/shared/schemas/auth';
import { api } from '@/lib/api-client';

export interface AccessTokenResponse {
  accessToken: string;
}

/** POST /auth/login/user. A wrong password is a 401 that must not trigger a token refresh. */
export const loginUser = (body: LoginRequest) => api<AccessTokenResponse>('/auth/login/user', { method: 'POST', body, retryOn401: false });

export function useLogin() {
  return useMutation({ mutationFn: loginUser });
}
