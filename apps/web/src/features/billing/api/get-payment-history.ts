import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentWithInvoice } from '@rankmaps/shared/schemas/invoices';
import { api } from '@/lib/api-client';
import { profileQueryKey } from '@/lib/auth/session';

/** The server lists at most this many payments, newest first (docs/product.md §9). */
export const PAYMENT_HISTORY_LIMIT = 20;

/** GET /payment/payment-history → {payments[]}. */
export const getPaymentHistory = (signal?: AbortSignal) => api<{ payments: PaymentWithInvoice[] }>('/payment/payment-history', { signal });

export const paymentHistoryQuery = () =>
  queryOptions({
    queryKey: [...profileQueryKey, 'payment-history'],
    queryFn: ({ signal }) => getPaymentHistory(signal),
    staleTime: 60_000,
    select: (data) => data.payments,
  });

export function usePaymentHistory() {
  return useQuery(paymentHistoryQuery());
}
