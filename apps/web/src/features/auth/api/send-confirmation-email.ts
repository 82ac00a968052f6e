import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /auth/send-confirmation-email/user: sends the confirmation link again (429 while cooling down). */
export const sendConfirmationEmail = (email: string) =>
  api<{ message: string }>('/auth/send-confirmation-email/user', { method: 'POST', body: { email } });

export function useSendConfirmationEmail() {
  return useMutation({ mutationFn: sendConfirmationEmail });
}
