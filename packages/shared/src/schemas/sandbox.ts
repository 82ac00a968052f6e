import { z } from 'zod';

export const sandboxCheckoutSchema = z.object({
  id: z.string(),
  mode: z.enum(['subscription', 'payment', 'setup']),
  status: z.string().nullable(),
  description: z.string(),
  amount: z.number(),
  currency: z.string(),
  trialDays: z.number(),
  billingPeriod: z.enum(['monthly', 'annual']).nullable(),
  cancelUrl: z.string(),
});
export type SandboxCheckout = z.infer<typeof sandboxCheckoutSchema>;

export const sandboxOutcomeSchema = z.object({ outcome: z.enum(['pay', 'decline', 'pay_then_fail_renewal']) });
export const redirectResponseSchema = z.object({ redirectUrl: z.string() });

/** The simulated renewal: 'failure' declines it, 'success' pays it; absent, the checkout's choice decides. */
export const sandboxRenewalSchema = z.object({ outcome: z.enum(['success', 'failure']).optional() });
