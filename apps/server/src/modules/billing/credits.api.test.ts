import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { buildUser } from '../../../test/factories';
import { allocate, creditsService } from './credits.service';

const inAYear = () => new Date(Date.now() + 365 * 86_400_000);
const inAMonth = () => new Date(Date.now() + 30 * 86_400_000);

describe('allocate', () => {
  it('takes lots in order and fails when they hold too little', () => {
    const lots = [
      { id: 'a', remaining: 2 },
      { id: 'b', remaining: 5 },
    ];
    expect(allocate(lots, 4)).toEqual([
      { lotId: 'a', amount: 2 },
      { lotId: 'b', amount: 2 },
    ]);
    expect(allocate(lots, 8)).toBeNull();
  });
});

describe('credit ledger', async () => {
  const { container } = await createTestApp();
  const db = container.database.db;

  it('when 100 spends of 1 credit race against a balance of 3, then exactly 3 succeed and the balance ends at 0', async () => {
    const user = await buildUser(container);
    await db.transaction((tx) => creditsService.addPurchase(tx, { userId: user.id, amount: 3, reference: `p-${user.id}`, expiresAt: inAYear() }));
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) => creditsService.reserve(db, { userId: user.id, amount: 1, reference: `scan-${user.id}-${i}` })),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(3);
    expect(refused).toHaveLength(97);
    for (const r of refused) expect(r.reason).toMatchObject({ errorType: 'insufficient_credits', status: 402 });
    expect(await creditsService.balances(db, user.id)).toEqual({ subscription: 0, extra: 0 });
  });

  it('when a scan is charged, then plan credits go first and purchases oldest first', async () => {
    const user = await buildUser(container);
    await db.transaction(async (tx) => {
      await creditsService.addPurchase(tx, { userId: user.id, amount: 10, reference: `old-${user.id}`, expiresAt: inAYear() });
      await creditsService.grantPlanCredits(tx, { userId: user.id, amount: 5, reference: `inv-${user.id}`, expiresAt: inAMonth() });
    });
    await creditsService.reserve(db, { userId: user.id, amount: 7, reference: `scan-${user.id}` });
    expect(await creditsService.balances(db, user.id)).toEqual({ subscription: 0, extra: 8 });
  });

  it('when the same reservation is repeated, then it is charged once', async () => {
    const user = await buildUser(container);
    await db.transaction((tx) => creditsService.addPurchase(tx, { userId: user.id, amount: 10, reference: `p-${user.id}`, expiresAt: inAYear() }));
    const first = await creditsService.reserve(db, { userId: user.id, amount: 4, reference: 'analysis-1' });
    const again = await creditsService.reserve(db, { userId: user.id, amount: 4, reference: 'analysis-1' });
    expect(first).toEqual({ charged: 4, repeated: false });
    expect(again).toEqual({ charged: 4, repeated: true });
    expect((await creditsService.balances(db, user.id)).extra).toBe(6);
  });

  it('when failed points are refunded, then the credits return once and never more than were spent', async () => {
    const user = await buildUser(container);
    await db.transaction((tx) => creditsService.addPurchase(tx, { userId: user.id, amount: 10, reference: `p-${user.id}`, expiresAt: inAYear() }));
    await creditsService.reserve(db, { userId: user.id, amount: 6, reference: 'analysis-r' });
    expect(await creditsService.refund(db, { userId: user.id, amount: 50, reference: 'analysis-r' })).toEqual({ refunded: 6 });
    expect(await creditsService.refund(db, { userId: user.id, amount: 6, reference: 'analysis-r' })).toEqual({ refunded: 0 });
    expect((await creditsService.balances(db, user.id)).extra).toBe(10);
  });

  it('when a new period is granted, then the previous plan credits expire and the grant is applied once', async () => {
    const user = await buildUser(container);
    await db.transaction((tx) => creditsService.grantPlanCredits(tx, { userId: user.id, amount: 500, reference: 'in_1', expiresAt: inAMonth() }));
    await creditsService.reserve(db, { userId: user.id, amount: 100, reference: 'scan-a' });
    const granted = await db.transaction((tx) => creditsService.grantPlanCredits(tx, { userId: user.id, amount: 500, reference: 'in_2', expiresAt: inAMonth() }));
    const repeated = await db.transaction((tx) => creditsService.grantPlanCredits(tx, { userId: user.id, amount: 500, reference: 'in_2', expiresAt: inAMonth() }));
    expect(granted).toBe(true);
    expect(repeated).toBe(false);
    expect((await creditsService.balances(db, user.id)).subscription).toBe(500);
  });

  it('when purchased credits have expired, then they no longer count or pay for anything', async () => {
    const user = await buildUser(container);
    await db.transaction((tx) => creditsService.addPurchase(tx, { userId: user.id, amount: 10, reference: `exp-${user.id}`, expiresAt: new Date(Date.now() - 1000) }));
    expect((await creditsService.balances(db, user.id)).extra).toBe(0);
    await expect(creditsService.reserve(db, { userId: user.id, amount: 1, reference: 'x' })).rejects.toMatchObject({ errorType: 'insufficient_credits' });
  });
});
