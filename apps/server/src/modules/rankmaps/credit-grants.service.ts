import { getPlan } from '@rankmaps/shared/plans';
import type { Container } from '../../container';
import { billingRepository } from '../billing/billing.repository';
import { planCreditPeriod } from '../billing/credit-periods';
import type { CreditGrant } from './credit-forecast';

/**
 * When the user's plan credits are next granted, and how many (docs/decisions.md §25.4): at the
 * end of the current credit month (an annual plan's next month, or a monthly plan's renewal).
 * None when the subscription ends at the period's end, or the plan grants no credits. A move
 * to another plan waiting for the renewal grants that plan's credits.
 */
export async function nextCreditGrant(container: Pick<Container, 'database' | 'prices'>, userId: string, now: Date): Promise<CreditGrant | null> {
  const sub = await billingRepository.findCurrentSubscription(container.database.db, userId);
  if (!sub?.currentPeriodStart || !sub.currentPeriodEnd) return null;
  let at: Date;
  if (sub.billingPeriod === 'annual') {
    at = planCreditPeriod({ subscriptionId: sub.id, periodStart: sub.currentPeriodStart, billingPeriod: 'annual', at: now }).end;
    // The last month of the year is granted again only when the year renews.
    if (at.getTime() >= sub.currentPeriodEnd.getTime() && sub.cancelAtPeriodEnd) return null;
  } else {
    if (sub.cancelAtPeriodEnd) return null;
    at = sub.currentPeriodEnd;
  }
  if (at.getTime() <= now.getTime()) return null;
  const changing = sub.scheduledPriceId && sub.scheduledAt && sub.scheduledAt.getTime() <= at.getTime() ? container.prices.resolve(sub.scheduledPriceId) : undefined;
  const plan = changing?.kind === 'plan' ? changing.plan : getPlan(sub.planId);
  if (!plan || plan.credits === 0) return null;
  return { at, credits: plan.credits };
}
