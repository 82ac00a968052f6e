import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories';
import { createTestApp } from '../../../test/test-app';
import { creditLots, creditTransactions } from '../../db/billing-schema';
import { creditsService } from './credits.service';

const inAYear = () => new Date(Date.now() + 365 * 86_400_000);
const inAMonth = () => new Date(Date.now() + 30 * 86_400_000);

describe('credit adjustment (development panel)', async () => {
  const { container } = await createTestApp();
  const db = container.database.db;
  const ledgerOf = (userId: string) => db.select().from(creditTransactions).where(eq(creditTransactions.userId, userId));
  const sum = (rows: { amount: number }[]) => rows.reduce((n, r) => n + r.amount, 0);

  it('when plan credits are set, then the current plan lot expires, the new lot keeps its period end, and purchases are untouched', async () => {
    const user = await buildUser(container);
    const periodEnd = inAMonth();
    await db.transaction(async (tx) => {
      await creditsService.grantPlanCredits(tx, { userId: user.id, amount: 500, reference: `inv-${user.id}`, expiresAt: periodEnd });
      await creditsService.addPurchase(tx, { userId: user.id, amount: 70, reference: `buy-${user.id}`, expiresAt: inAYear() });
    });
    expect(await creditsService.adjust(db, { userId: user.id, source: 'subscription', amount: 42, reference: `adj-${user.id}` })).toEqual({ changed: true });
    expect(await creditsService.balances(db, user.id)).toEqual({ subscription: 42, extra: 70 });
    const lots = await db.select().from(creditLots).where(eq(creditLots.userId, user.id));
    const adjusted = lots.find((l) => l.reference === `adjustment:adj-${user.id}`);
    expect(adjusted).toMatchObject({ source: 'subscription', granted: 42, remaining: 42 });
    expect(adjusted!.expiresAt.getTime()).toBe(periodEnd.getTime());
    expect(sum(await ledgerOf(user.id))).toBe(112);
  });

  it('when extra credits are set, then purchases expire through the ledger and one adjustment lot valid for a year holds the amount', async () => {
    const user = await buildUser(container);
    await db.transaction((tx) => creditsService.addPurchase(tx, { userId: user.id, amount: 500, reference: `buy-${user.id}`, expiresAt: inAYear() }));
    await creditsService.adjust(db, { userId: user.id, source: 'extra', amount: 5, reference: `adj-${user.id}` });
    expect(await creditsService.balances(db, user.id)).toEqual({ subscription: 0, extra: 5 });
    const ledger = await ledgerOf(user.id);
    expect(ledger.map((t) => [t.kind, t.amount]).sort()).toEqual([['adjustment', 5], ['expire', -500], ['purchase', 500]].sort());
  });

  it('when the same adjustment reference is applied twice, then it counts once', async () => {
    const user = await buildUser(container);
    const input = { userId: user.id, source: 'extra' as const, amount: 9, reference: `adj-${user.id}` };
    await creditsService.adjust(db, input);
    await creditsService.reserve(db, { userId: user.id, amount: 4, reference: `scan-${user.id}` });
    expect(await creditsService.adjust(db, input)).toEqual({ changed: false });
    expect((await creditsService.balances(db, user.id)).extra).toBe(5);
  });

  it('when the balance is set to 0, then no lot is created and the ledger still sums to the balance', async () => {
    const user = await buildUser(container);
    await creditsService.adjust(db, { userId: user.id, source: 'subscription', amount: 30, reference: `a-${user.id}` });
    await creditsService.adjust(db, { userId: user.id, source: 'subscription', amount: 0, reference: `b-${user.id}` });
    expect(await creditsService.balances(db, user.id)).toEqual({ subscription: 0, extra: 0 });
    expect(sum(await ledgerOf(user.id))).toBe(0);
    expect(await db.select().from(creditLots).where(eq(creditLots.reference, `adjustment:b-${user.id}`))).toHaveLength(0);
  });

  it('when the next plan grant arrives after an adjustment, then it replaces the adjusted credits as usual', async () => {
    const user = await buildUser(container);
    const firstEnd = inAMonth();
    await db.transaction((tx) => creditsService.grantPlanCredits(tx, { userId: user.id, amount: 1500, reference: `inv1-${user.id}`, expiresAt: firstEnd }));
    await creditsService.adjust(db, { userId: user.id, source: 'subscription', amount: 3, reference: `adj-${user.id}` });
    await db.transaction((tx) =>
      creditsService.grantPlanCredits(tx, { userId: user.id, amount: 1500, reference: `inv2-${user.id}`, expiresAt: new Date(firstEnd.getTime() + 30 * 86_400_000) }),
    );
    expect(await creditsService.balances(db, user.id)).toEqual({ subscription: 1500, extra: 0 });
  });

  it('when a negative or fractional amount is asked for, then it is refused', async () => {
    const user = await buildUser(container);
    await expect(creditsService.adjust(db, { userId: user.id, source: 'extra', amount: -1, reference: 'neg' })).rejects.toThrow();
    await expect(creditsService.adjust(db, { userId: user.id, source: 'extra', amount: 1.5, reference: 'frac' })).rejects.toThrow();
  });
});
