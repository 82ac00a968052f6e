import type { SubscriptionInfo } from '@rankmaps/shared/schemas/billing';

type Subscription = NonNullable<SubscriptionInfo['subscription']>;

/** The badge of docs/product.md §4, in its order: past_due, trialing, cancelling, otherwise active. */
export type SubscriptionBadge = 'pastDue' | 'trialing' | 'cancelling' | 'active';

/** Which actions the subscription offers (docs/product.md §4): past due, cancelling at period end, active, none. */
export type SubscriptionActions = 'pastDue' | 'cancelling' | 'active' | 'none';

/** A payment problem: past_due, or Stripe's 'unpaid' once retries are exhausted. */
export function isPaymentFailing(status: string | null | undefined): boolean {
  return status === 'past_due' || status === 'unpaid';
}

export function subscriptionBadge(sub: Pick<Subscription, 'status' | 'cancelAtPeriodEnd'>): SubscriptionBadge {
  if (isPaymentFailing(sub.status)) return 'pastDue';
  if (sub.status === 'trialing') return 'trialing';
  if (sub.cancelAtPeriodEnd) return 'cancelling';
  return 'active';
}

export function subscriptionActions(info: Pick<SubscriptionInfo, 'subscription'> | undefined): SubscriptionActions {
  const sub = info?.subscription;
  if (!sub) return 'none';
  if (isPaymentFailing(sub.status)) return 'pastDue';
  if (sub.cancelAtPeriodEnd) return 'cancelling';
  return 'active';
}

/** Pro credits bar (docs/product.md §9): the plan's monthly credits, or 100 when the plan does not say. */
export const DEFAULT_CREDITS_TOTAL = 100;

export function creditsBar(subscription: number, planMonthly: number): { total: number; percent: number } {
  const total = planMonthly > 0 ? planMonthly : DEFAULT_CREDITS_TOTAL;
  const percent = Math.max(0, Math.min(100, Math.round((subscription / total) * 100)));
  return { total, percent };
}
