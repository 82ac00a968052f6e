import { getPlan } from '@rankmaps/shared/plans';
import type { Container } from '../../container';
import { billingRepository } from './billing.repository';
import { planCreditPeriod } from './credit-periods';
import { creditsService } from './credits.service';

/**
 * Grants the current month's plan credits of every annual subscription. Safe to run as
 * often as wanted: each month's grant is keyed by subscription, period and month.
 */
export async function grantMonthlyPlanCredits(container: Pick<Container, 'database'>, at = new Date()): Promise<number> {
  const db = container.database.db;
  let granted = 0;
  for (const sub of await billingRepository.listAnnualInGoodStanding(db)) {
    const plan = getPlan(sub.planId);
    if (!plan || plan.credits === 0 || !sub.currentPeriodStart) continue;
    const period = planCreditPeriod({ subscriptionId: sub.id, periodStart: sub.currentPeriodStart, billingPeriod: 'annual', at });
    const done = await db.transaction((tx) =>
      creditsService.grantPlanCredits(tx, { userId: sub.userId, amount: plan.credits, reference: period.reference, expiresAt: period.end, now: at }),
    );
    if (done) granted++;
  }
  return granted;
}
