import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type SandboxOutcome = 'pay' | 'decline' | 'pay_then_fail_renewal';

/** POST /sandbox/checkout/:id/complete {outcome} → where the browser goes next (success or cancel URL). */
export const completeSandboxCheckout = ({ id, outcome }: { id: string; outcome: SandboxOutcome }) =>
  api<{ redirectUrl: string }>(`/sandbox/checkout/${encodeURIComponent(id)}/complete`, {
    method: 'POST',
    body: { outcome },
    retryOn401: false,
  });

/** Completes the simulated payment and leaves for the URL the provider answers, as Stripe's page does. */
export function useCompleteSandboxCheckout() {
  return useMutation({
    mutationFn: completeSandboxCheckout,
    onSuccess: ({ redirectUrl }) => window.location.assign(redirectUrl),
  });
}
