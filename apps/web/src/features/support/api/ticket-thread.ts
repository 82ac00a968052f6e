import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SupportTicketThread } from '@rankmaps/shared/schemas/support';
import { api } from '@/lib/api-client';
import { supportTicketsQueryKey } from './get-support-tickets';

const threadKey = (reference: string) => [...supportTicketsQueryKey, reference] as const;

/** GET /general/support/tickets/:reference: one of the user's tickets with its thread. */
export function useSupportTicketThread(reference: string | null) {
  return useQuery({
    queryKey: threadKey(reference ?? ''),
    queryFn: () => api<SupportTicketThread>(`/general/support/tickets/${encodeURIComponent(reference ?? '')}`),
    enabled: reference !== null,
  });
}

/** POST /general/support/tickets/:reference/messages: the user's reply, which reopens the ticket. */
export function useReplyToTicket(reference: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => api<SupportTicketThread>(`/general/support/tickets/${encodeURIComponent(reference)}/messages`, { method: 'POST', body: { body } }),
    onSuccess: (thread) => {
      queryClient.setQueryData(threadKey(reference), thread);
      return queryClient.invalidateQueries({ queryKey: supportTicketsQueryKey, exact: true });
    },
  });
}
