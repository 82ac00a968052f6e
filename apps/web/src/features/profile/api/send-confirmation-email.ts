import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '@rankmaps/shared/schemas/common';
import { api } from '@/lib/api-client';
import { profileQueryKey } from '@/lib/auth/session';

/** POST /auth/send-confirmation-email/user {email}: sends the confirmation link again (429 while cooling down). */
export const sendConfirmationEmail = (email: string) =>
  api<MessageResponse>('/auth/send-confirmation-email/user', { method: 'POST', body: { email } });

export function useSendConfirmationEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendConfirmationEmail,
    // docs/product.md §7: the profile is refreshed afterwards.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKey, exact: true }),
  });
}
