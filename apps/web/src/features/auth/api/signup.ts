import { useMutation } from '@tanstack/react-query';
import type { SignupRequest } from '@rankmaps/shared/schemas/auth';
import { api } from '@/lib/api-client';

export interface SignupResponse {
  message: string;
  email: string;
}

/** POST /auth/signup/user: creates the account and e-mails the confirmation link. */
export const signupUser = (body: SignupRequest) => api<SignupResponse>('/auth/signup/user', { method: 'POST', body, retryOn401: false });

export function useSignup() {
  return useMutation({ mutationFn: signupUser });
}
