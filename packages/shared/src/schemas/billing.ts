import { z } from 'zod';

export const billingPeriodSchema = z.enum(['monthly', 'annual']);

/** GET /api/plans: the catalogue plus the provider's price ids. */
export const plansResponseSchema = z.object({
  provider: z.enum(['sandbox', 'stripe']),
  plans: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      category: z.enum(['basic', 'professional']),
      type: z.enum(['basic', 'pro']),
      price: z.number(),
      anual_price: z.number(),
      popular: z.boolean(),
      credits: z.number(),
      limits: z.object({ places: z.number(), keywords: z.number(), weeklyScans: z.number(), manualScans: z.number(), gridSize: z.number() }),
      subscription_id: z.string().nullable(),
      anual_subscription_id: z.string().nullable(),
    }),
  ),
  creditPackage: z.object({ credits: z.number(), price: z.number(), validityMonths: z.number(), priceId: z.string().nullable() }),
});
export type PlansResponse = z.infer<typeof plansResponseSchema>;

export const checkoutRequestSchema = z.object({
  priceId: z.string().min(1, 'Falta el precio.').max(200),
  planName: z.string().max(200).optional(),
  /** Credit packages bought in one checkout (1–10, docs/decisions.md §29.5); plans take 1 only. */
  quantity: z.number().int().min(1).max(10).optional(),
});
export const urlResponseSchema = z.object({ url: z.string() });

/** docs/product.md §3 Subscription info. billingPeriod is 'anual' or 'mensual'. */
export const subscriptionInfoSchema = z.object({
  hasActiveSubscription: z.boolean(),
  plan: z.object({
    id: z.string(),
    name: z.string(),
    type: z.enum(['basic', 'pro', 'free']),
    limits: z.object({ places: z.number(), keywords: z.number(), weeklyScans: z.number(), gridSize: z.number() }),
  }),
  subscription: z
    .object({
      id: z.string(),
      status: z.string(),
      cancelAtPeriodEnd: z.boolean(),
      amount: z.number(),
      currency: z.string(),
      billingPeriod: z.enum(['anual', 'mensual']),
      currentPeriodStart: z.string().nullable(),
      currentPeriodEnd: z.string().nullable(),
      trialEnd: z.string().nullable(),
      lastPaymentDate: z.string().nullable(),
      lastPaymentFailure: z.object({ failedAt: z.string(), attemptCount: z.number(), nextAttempt: z.string().nullable() }).nullable(),
      /** A move down waiting for the end of the period (docs/decisions.md §22.1), or null. */
      scheduledChange: z
        .object({ planId: z.string(), planName: z.string(), billingPeriod: z.enum(['anual', 'mensual']), priceId: z.string(), amount: z.number(), effectiveAt: z.string() })
        .nullable(),
    })
    .nullable(),
  credits: z.object({ subscription: z.number(), extra: z.number(), planMonthly: z.number() }),
  provider: z.enum(['sandbox', 'stripe']),
});
export type SubscriptionInfo = z.infer<typeof subscriptionInfoSchema>;

export const paymentItemSchema = z.object({
  id: z.string(),
  description: z.string(),
  status: z.string(),
  date: z.string(),
  period: z.object({ start: z.string().nullable(), end: z.string().nullable() }),
  amount: z.number(),
  currency: z.string(),
  invoiceUrl: z.string().nullable(),
  invoicePdf: z.string().nullable(),
});
export const paymentHistorySchema = z.object({ payments: z.array(paymentItemSchema) });
export type PaymentItem = z.infer<typeof paymentItemSchema>;

export const checkoutSessionStatusSchema = z.object({
  id: z.string(),
  mode: z.enum(['subscription', 'payment', 'setup']),
  status: z.string().nullable(),
  paymentStatus: z.string(),
});

/** POST /api/payment/change-plan and /change-plan/preview: the price to move the subscription to. */
export const planChangeRequestSchema = z.object({
  priceId: z.string().min(1, 'Falta el precio.').max(200),
});

/**
 * Something the user has that the plan moved to does not allow: more businesses than it
 * allows (`places`), or more keywords on one business (`keywords`, with that business).
 * `excess` is how many must be removed.
 */
export const planLimitExcessSchema = z.object({
  kind: z.enum(['places', 'keywords']),
  placeId: z.string().nullable(),
  placeName: z.string().nullable(),
  count: z.number(),
  limit: z.number(),
  excess: z.number(),
});
export type PlanLimitExcess = z.infer<typeof planLimitExcessSchema>;

/**
 * What a plan change costs and when it applies (docs/product.md §7, docs/decisions.md §22.1).
 * A move up (a higher plan, or monthly to annual) applies at once, charged pro rata. A move
 * down applies at the end of the period (`effectiveAt`), charges nothing now, and lists in
 * `mustRemove` what the new plan does not allow (then `blockedReason` says it in Spanish and
 * the change itself is refused).
 */
export const planChangePreviewSchema = z.object({
  kind: z.enum(['upgrade', 'downgrade']),
  from: z.object({ planId: z.string(), planName: z.string(), billingPeriod: z.enum(['anual', 'mensual']) }),
  to: z.object({ planId: z.string(), planName: z.string(), billingPeriod: z.enum(['anual', 'mensual']) }),
  /** Charged now, in euros: the new price for the rest of the period minus the unused part of the current one. */
  amountDue: z.number(),
  currency: z.string(),
  effectiveAt: z.string(),
  /** When the next full renewal is due, at the new plan's price. */
  nextRenewalAt: z.string().nullable(),
  nextRenewalAmount: z.number(),
  mustRemove: z.array(planLimitExcessSchema),
  blockedReason: z.string().nullable(),
  /** Businesses whose grid is larger than the new plan allows: their next analyses need a smaller grid. */
  gridsOverLimit: z.array(z.object({ placeId: z.string(), placeName: z.string(), gridSize: z.number(), limit: z.number() })),
  /** Plan credits an upgrade adds at once: the pro-rated difference for the rest of the credit month (0 during a trial or on a move down). */
  creditsNow: z.number(),
  /** During a trial, when it ends: the new plan's credits arrive with that first payment. */
  trialEndsAt: z.string().nullable(),
});
export type PlanChangePreview = z.infer<typeof planChangePreviewSchema>;
