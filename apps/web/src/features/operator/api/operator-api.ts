import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OperatorCustomer, OperatorTicketSummary, OperatorTicketThread, SupportTicketState } from '@rankmaps/shared/schemas/support';
import { ApiError, api } from '@/lib/api-client';

const inboxKey = ['operator', 'tickets'] as const;
const ticketKey = (reference: string) => [...inboxKey, 'one', reference] as const;
const path = (reference: string) => `/operator/tickets/${encodeURIComponent(reference)}`;

/** A 404 from /api/operator: the signed-in user is not an operator (the area does not exist for them). */
export const isNotOperator = (error: unknown) => error instanceof ApiError && error.status === 404;

/** GET /operator/tickets[?state=]: the inbox, newest activity first. */
export function useOperatorTickets(state: SupportTicketState | null) {
  return useQuery({
    queryKey: [...inboxKey, 'list', state ?? 'todos'],
    queryFn: () => api<OperatorTicketSummary[]>(`/operator/tickets${state ? `?state=${state}` : ''}`),
    retry: (count, error) => !isNotOperator(error) && count < 2,
  });
}

export function useOperatorTicket(reference: string | null) {
  return useQuery({
    queryKey: ticketKey(reference ?? ''),
    queryFn: () => api<OperatorTicketThread>(path(reference ?? '')),
    enabled: reference !== null,
  });
}

function useTicketWrite<I>(reference: string, send: (input: I) => Promise<OperatorTicketThread>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (thread) => {
      queryClient.setQueryData(ticketKey(reference), thread);
      return queryClient.invalidateQueries({ queryKey: [...inboxKey, 'list'] });
    },
  });
}

/** POST /operator/tickets/:reference/messages: the answer, e-mailed to the customer. */
export const useAnswerTicket = (reference: string) =>
  useTicketWrite(reference, (input: { body: string; state: SupportTicketState }) => api<OperatorTicketThread>(`${path(reference)}/messages`, { method: 'POST', body: input }));

/** PUT /operator/tickets/:reference/state. */
export const useSetTicketState = (reference: string) =>
  useTicketWrite(reference, (state: SupportTicketState) => api<OperatorTicketThread>(`${path(reference)}/state`, { method: 'PUT', body: { state } }));

/** GET /operator/tickets/:reference/customer: each call is a logged look, so it runs only when asked for, and is never cached. */
export function useLookAtCustomer(reference: string) {
  return useMutation({ mutationFn: () => api<OperatorCustomer>(`${path(reference)}/customer`) });
}
