import { useQuery } from '@tanstack/react-query';
import type { SupportTicketSummary } from '@rankmaps/shared/schemas/support';
import { api } from '@/lib/api-client';

export const supportTicketsQueryKey = ['support', 'tickets'] as const;

/** GET /general/support/tickets: the user's own tickets, newest first (docs/decisions.md §22.5). */
export const getSupportTickets = () => api<SupportTicketSummary[]>('/general/support/tickets');

export function useSupportTickets() {
  return useQuery({ queryKey: supportTicketsQueryKey, queryFn: getSupportTickets });
}
