import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface CheckoutSessionStatus {
  id: string;
  mode: 'subscription' | 'payment' | 'setup';
  status: string | null;
  paymentStatus: string;
}

/** GET /payment/checkout-session/:id: how the checkout the user just came back from ended. */
export const getCheckoutSession = (id: string, signal?: AbortSignal) =>
  api<CheckoutSessionStatus>(`/payment/checkout-session/${encodeURIComponent(id)}`, { signal });

export const checkoutSessionQuery = (id: string) =>
  queryOptions({
    queryKey: ['billing', 'checkout-session', id],
    queryFn: ({ signal }) => getCheckoutSession(id, signal),
    retry: false,
    staleTime: Infinity,
  });

export function useCheckoutSession(id: string | null) {
  return useQuery({ ...checkoutSessionQuery(id ?? ''), enabled: Boolean(id) });
}

/** A checkout that ended paid (or needing no payment: a trial). */
export function isCheckoutPaid(session: CheckoutSessionStatus): boolean {
  return session.status === 'complete' || session.paymentStatus === 'paid' || session.paymentStatus === 'no_payment_required';
}
