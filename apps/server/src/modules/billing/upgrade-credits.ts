// The plan credits a move up adds at once (docs/decisions.md §29.6). The invoice of a plan
// change (billing_reason `subscription_update`) grants nothing by itself: the change knows the
// plan it leaves and the moment it happens, the invoice does not (Stripe's proration lines carry
// only prices and seconds). So the grant is made with the change, keyed by the change's
// idempotency key: a retried change, a re-sent webhook or a duplicate event grants nothing more.
import { type Plan } from '@rankmaps/shared/plans';
import { proratedCreditDifference } from '@rankmaps/shared/credit-value';
import type { DbOrTx } from '../../db/client';
import type { SubscriptionLike } from '../../providers/payments/shapes';
import { planCreditPeriod } from './credit-periods';
import { creditsService } from './credits.service';
import type { SubscriptionRow } from './billing.repository';

type PlanAndPeriod = { plan: Plan; period: 'monthly' | 'annual' };

/** The credit month running at `at`: a monthly plan's billing period, or one month of an annual one. */
export function creditMonthOf(sub: Pick<SubscriptionRow, 'id' | 'currentPeriodStart' | 'currentPeriodEnd'>, period: 'monthly' | 'annual', at: Date): { start: Date; end: Date; reference: string } | null {
  if (!sub.currentPeriodStart || !sub.currentPeriodEnd) return null;
  if (period === 'monthly') return { start: sub.currentPeriodStart, end: sub.currentPeriodEnd, reference: sub.id };
  return planCreditPeriod({ subscriptionId: sub.id, periodStart: sub.currentPeriodStart, billingPeriod: 'annual', at });
}

/**
 * What the preview promises and the change grants on the same period: the pro-rated difference
 * in monthly credits for the rest of the credit month. Nothing during a trial (the new plan's
 * credits come with the first payment), nor when the new plan has no more credits.
 */
export function upgradeCreditsNow(sub: Pick<SubscriptionRow, 'id' | 'status' | 'currentPeriodStart' | 'currentPeriodEnd'>, from: PlanAndPeriod, to: PlanAndPeriod, at: Date): number {
  if (sub.status === 'trialing') return 0;
  // A change of interval starts a new period, which gets the new plan's whole month.
  if (from.period !== to.period) return to.plan.credits;
  const month = creditMonthOf(sub, from.period, at);
  if (!month) return 0;
  return proratedCreditDifference({ fromCredits: from.plan.credits, toCredits: to.plan.credits, monthStart: month.start, monthEnd: month.end, at });
}

/**
 * Grants the credits of a move up, once per change (`changeKey`). On the same period, a top-up
 * lot that ends with the current credit month beside the month's own grant; on a new period
 * (monthly ↔ annual), the new period's first month, which replaces the old month's credits.
 */
export async function grantUpgradeCredits(
  tx: DbOrTx,
  input: { userId: string; sub: SubscriptionRow; from: PlanAndPeriod; to: PlanAndPeriod; updated: SubscriptionLike; changeKey: string; at: Date },
): Promise<void> {
  const { sub, from, to, at } = input;
  if (sub.status === 'trialing' || to.plan.credits === 0) return;
  if (from.period === to.period) {
    const month = creditMonthOf(sub, from.period, at);
    const amount = upgradeCreditsNow(sub, from, to, at);
    if (month && amount > 0) await creditsService.addPlanTopUp(tx, { userId: input.userId, amount, reference: `upgrade:${input.changeKey}`, expiresAt: month.end });
    return;
  }
  const item = input.updated.items.data[0];
  if (!item) return;
  const periodStart = new Date(item.current_period_start * 1000);
  const month = planCreditPeriod({ subscriptionId: input.updated.id, periodStart, billingPeriod: to.period, at });
  await creditsService.grantPlanCredits(tx, {
    userId: input.userId,
    amount: to.plan.credits,
    // The same keys the renewal and the monthly job use for this period, so neither grants it again.
    reference: to.period === 'monthly' ? `upgrade:${input.changeKey}` : month.reference,
    expiresAt: to.period === 'monthly' ? new Date(item.current_period_end * 1000) : month.end,
  });
}
