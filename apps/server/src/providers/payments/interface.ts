import type { CheckoutSessionLike, EventLike, InvoiceLike, SubscriptionLike } from './shapes';

/** Applies one provider event. */
export type BillingEventHandler = (event: EventLike) => Promise<unknown>;

/** A move of a subscription to another price, prorated as of `prorationDate` (seconds). */
export interface PlanChangeInput {
  subscriptionId: string;
  priceId: string;
  prorationDate: number;
}

/** What a plan change charges now, in cents, and the period that follows it. */
export interface PlanChangeQuote {
  amountDue: number;
  currency: string;
  periodEnd: number;
}

/** A move to another price at the end of the current period (a downgrade). */
export interface ScheduleChangeInput {
  subscriptionId: string;
  priceId: string;
  /** The new price's billing interval: the length of the phase that follows. */
  interval: 'month' | 'year';
  idempotencyKey: string;
}

/** A scheduled change as the provider holds it: its id (Stripe's subscription schedule) and when it applies (seconds). */
export interface ScheduledChange {
  scheduleId: string;
  effectiveAt: number;
}

export interface CheckoutInput {
  mode: 'subscription' | 'payment';
  priceId: string;
  /** How many of the price: credit packages bought together (one line, quantity N); 1 when absent. */
  quantity?: number;
  customerId: string;
  userId: string;
  /** Days of free trial (first subscription only). */
  trialDays?: number;
  /** Contains the literal `{CHECKOUT_SESSION_ID}`, which the provider fills in. */
  successUrl: string;
  cancelUrl: string;
  metadata: Record<string, string>;
  idempotencyKey: string;
}

/**
 * A payment provider. Its answers are Stripe-shaped objects; state changes also arrive
 * as Stripe-shaped events, fed to the same billing code (webhook for Stripe, the handler
 * given to onEvent for the sandbox).
 */
export interface PaymentsProvider {
  readonly name: 'sandbox' | 'stripe';
  /**
   * Sets the code that applies this provider's events (the billing code, registered by the
   * app's wiring at start). The sandbox emits its events through it; Stripe's arrive at the webhook.
   */
  onEvent(handler: BillingEventHandler): void;
  createCustomer(input: { userId: string; email: string; name: string; idempotencyKey: string }): Promise<string>;
  createCheckoutSession(input: CheckoutInput): Promise<{ id: string; url: string }>;
  retrieveCheckoutSession(id: string): Promise<CheckoutSessionLike>;
  createPortalSession(customerId: string, returnUrl: string): Promise<{ url: string }>;
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean, idempotencyKey: string): Promise<SubscriptionLike>;
  cancelNow(subscriptionId: string, idempotencyKey: string): Promise<SubscriptionLike>;
  /** What moving up to another price would charge now, pro rata (nothing changes). */
  previewPlanChange(input: PlanChangeInput): Promise<PlanChangeQuote>;
  /** Moves up to another price at once, charging the prorated difference now. */
  changePlan(input: PlanChangeInput & { idempotencyKey: string }): Promise<SubscriptionLike>;
  /**
   * Schedules a move to another price at the end of the current period: nothing is charged
   * now, and the next period is billed at the new price. The provider then sends
   * customer.subscription.updated with the new price when the period ends.
   */
  scheduleChange(input: ScheduleChangeInput): Promise<ScheduledChange>;
  /** Drops a scheduled change; the subscription goes on as it is. Releasing one already gone is not an error. */
  releaseSchedule(scheduleId: string, idempotencyKey: string): Promise<void>;
  listInvoices(customerId: string, limit: number): Promise<InvoiceLike[]>;
  /** Verifies a webhook's signature on the raw body; throws when it does not match. */
  constructEvent(rawBody: Buffer, signature: string): EventLike;
}
