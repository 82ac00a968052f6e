import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface CheckoutInput {
  priceId: string;
  /** The plan name plus '(Anual)' or '(Mensual)', or '{n} créditos' (docs/product.md §7). */
  planName: string;
  /** Credit packages bought together (1–10); plans leave it out. */
  quantity?: number;
}

export const createCheckoutSession = (input: CheckoutInput) =>
  api<{ url: string }>('/payment/create-checkout-session', { method: 'POST', body: input });

/** Starts a checkout and sends the browser to the payment page it returns. */
export function useCreateCheckoutSession() {
  return useMutation({
    mutationFn: createCheckoutSession,
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
