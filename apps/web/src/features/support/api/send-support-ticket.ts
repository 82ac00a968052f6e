import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '@rankmaps/shared/schemas/profile';
import type { SupportTicketCreated, SupportTicketFormValues, SupportTicketRequest } from '@rankmaps/shared/schemas/support';
import { ApiError, apiWithStatus } from '@/lib/api-client';
import { getCaptchaToken } from '@/lib/captcha';
import { publicConfigQuery } from '@/lib/public-config';
import { supportTicketsQueryKey } from './get-support-tickets';

/**
 * POST /general/support. The ticket counts as sent only on exactly 200 (docs/product.md §5): any other
 * answer, even another 2xx, is a failure without an `error` text (the generic sentence).
 */
export async function sendSupportTicket(body: SupportTicketRequest): Promise<SupportTicketCreated> {
  const { status, data } = await apiWithStatus<SupportTicketCreated>('/general/support', { method: 'POST', body });
  if (status !== 200) throw new ApiError(`Error ${status}`, status);
  return data;
}

/**
 * Obtains a captcha token, then sends the ticket with the identity fields of docs/product.md §7. The
 * server ignores those and uses the session's user; they are sent for the contract's sake.
 */
export function useSendSupportTicket(profile: Pick<Profile, '_id' | 'email' | 'name'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: SupportTicketFormValues) => {
      const { captcha } = await queryClient.ensureQueryData(publicConfigQuery);
      const recaptcha = await getCaptchaToken(captcha, 'support');
      return sendSupportTicket({ ...values, recaptcha, userId: profile._id, userEmail: profile.email, userName: profile.name });
    },
    // The new ticket joins the list beside the form.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportTicketsQueryKey }),
  });
}
