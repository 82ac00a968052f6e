import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { buildUser } from '../../../test/factories';
import { billingRepository } from './billing.repository';
import { creditsService } from './credits.service';
import { grantMonthlyPlanCredits } from './monthly-grants.service';

describe('monthly plan credits of annual subscriptions', async () => {
  const { container } = await createTestApp();
  const db = container.database.db;

  it('when a new month of an annual Agency plan starts, then its 1,500 credits replace last month’s, once', async () => {
    const user = await buildUser(container);
    const periodStart = new Date('2026-01-10T00:00:00Z');
    await billingRepository.upsertSubscription(db, {
      id: `sub_annual_${user.id}`,
      userId: user.id,
      provider: 'sandbox',
      planId: 'pro_agency',
      billingPeriod: 'annual',
      priceId: 'price_sandbox_pro_agency_annual',
      status: 'active',
      currentPeriodStart: periodStart,
      currentPeriodEnd: new Date('2027-01-10T00:00:00Z'),
      amount: 94800,
      currency: 'eur',
      stateVersion: 1,
    });
    const march = new Date('2026-03-15T12:00:00Z');
    expect(await grantMonthlyPlanCredits(container, march)).toBeGreaterThanOrEqual(1);
    await creditsService.reserve(db, { userId: user.id, amount: 200, reference: `scan-${user.id}`, now: march });
    expect(await creditsService.balances(db, user.id, march)).toEqual({ subscription: 1300, extra: 0 });
    // Running again in the same month grants nothing more.
    await grantMonthlyPlanCredits(container, march);
    expect((await creditsService.balances(db, user.id, march)).subscription).toBe(1300);
    // Next month: a fresh 1,500, no carry-over.
    const april = new Date('2026-04-11T12:00:00Z');
    await grantMonthlyPlanCredits(container, april);
    expect((await creditsService.balances(db, user.id, april)).subscription).toBe(1500);
  });
});
