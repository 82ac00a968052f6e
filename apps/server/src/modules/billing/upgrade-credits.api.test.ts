import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like, sql } from 'drizzle-orm';
import type { PlanChangePreview, SubscriptionInfo } from '@rankmaps/shared/schemas/billing';
import { GEO_TEST_DATA_DIR } from '../../../test/geo-data-dir';
import { createTestApp } from '../../../test/test-app';
import { sessions } from '../../../test/sessions';
import { rankmapFixtures } from '../../../test/rankmap-fixtures';
import { creditTransactions, sandboxObjects } from '../../db/billing-schema';
import type { EventLike } from '../../providers/payments/shapes';
import { processBillingEvent } from './billing-events.service';

describe('the plan credits a move up grants at once (docs/decisions.md §29.6)', async () => {
  const { app, container } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR });
  beforeAll(() => container.seaIndex.ready(), 300_000);
  const db = container.database.db;
  const { signedIn } = sessions(app, container);
  const { createPlace } = rankmapFixtures(app, container);
  const plans = async () => (await app.inject({ method: 'GET', url: '/api/plans' })).json<{ plans: { id: string; subscription_id: string; anual_subscription_id: string }[] }>().plans;
  const monthlyPrice = async (planId: string) => (await plans()).find((p) => p.id === planId)!.subscription_id;
  const annualPrice = async (planId: string) => (await plans()).find((p) => p.id === planId)!.anual_subscription_id;
  const pay = async (headers: Record<string, string>, planId: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/payment/create-checkout-session', headers, payload: { priceId: await monthlyPrice(planId) } });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json<{ url: string }>().url.split('/sandbox/checkout/')[1];
    expect((await app.inject({ method: 'POST', url: `/api/sandbox/checkout/${id}/complete`, payload: { outcome: 'pay' } })).statusCode).toBe(200);
  };
  /** A monthly subscriber of `planId`: in its trial (the account's first subscription), or paid (a second one). */
  const subscriber = async (planId: string, trial: boolean) => {
    const { user, headers } = await signedIn();
    if (!trial) {
      await pay(headers, 'basico');
      expect((await app.inject({ method: 'POST', url: '/api/payment/cancel-subscription-immediately', headers })).statusCode).toBe(200);
    }
    await pay(headers, planId);
    return { userId: user.id, headers };
  };
  const info = async (headers: Record<string, string>) => (await app.inject({ method: 'GET', url: '/api/payment/subscription-info', headers })).json<SubscriptionInfo>();
  const preview = async (headers: Record<string, string>, planId: string) =>
    (await app.inject({ method: 'POST', url: '/api/payment/change-plan/preview', headers, payload: { priceId: await monthlyPrice(planId) } })).json<PlanChangePreview>();
  const upgradeGrants = (userId: string) =>
    db.select().from(creditTransactions).where(and(eq(creditTransactions.userId, userId), eq(creditTransactions.kind, 'grant'), like(creditTransactions.reference, 'upgrade:%')));
  /** The sandbox's events of a change, delivered again under new ids, as a provider re-sending them would. */
  const resendChangeEvents = async (userId: string) => {
    const [invoice] = await db
      .select()
      .from(sandboxObjects)
      .where(and(eq(sandboxObjects.type, 'invoice'), sql`${sandboxObjects.data} ->> 'billing_reason' = 'subscription_update'`, sql`${sandboxObjects.data} -> 'parent' -> 'subscription_details' -> 'metadata' ->> 'userId' = ${userId}`));
    expect(invoice).toBeDefined();
    const subscriptionId = (invoice!.data.parent as { subscription_details: { subscription: string } }).subscription_details.subscription;
    const [sub] = await db.select().from(sandboxObjects).where(eq(sandboxObjects.id, subscriptionId));
    const now = Math.floor(Date.now() / 1000);
    for (const [i, event] of [
      { type: 'invoice.paid', object: invoice!.data },
      { type: 'customer.subscription.updated', object: sub!.data },
      { type: 'invoice.paid', object: invoice!.data },
    ].entries()) {
      const resent = { id: `evt_resent_${userId}_${i}`, type: event.type, created: now + 1, data: { object: event.object } } as unknown as EventLike;
      expect(await processBillingEvent(container, resent)).toBe('processed');
    }
  };

  it('when a paying Starter subscriber moves up to Agency, then the pro-rated 1,000-credit difference is granted at once, in one ledger entry, and re-sent events add nothing', async () => {
    const { userId, headers } = await subscriber('pro_starter', false);
    expect((await info(headers)).credits.subscription).toBe(500);
    const quote = await preview(headers, 'pro_agency');
    // Just after paying, nearly the whole month is left: the difference is 1,000 credits, never more.
    expect(quote).toMatchObject({ kind: 'upgrade', trialEndsAt: null });
    expect(quote.creditsNow).toBeGreaterThan(990);
    expect(quote.creditsNow).toBeLessThanOrEqual(1000);

    const res = await app.inject({ method: 'POST', url: '/api/payment/change-plan', headers, payload: { priceId: await monthlyPrice('pro_agency') } });
    expect(res.statusCode, res.body).toBe(200);
    const grants = await upgradeGrants(userId);
    expect(grants).toHaveLength(1);
    expect(grants[0]!.amount).toBeGreaterThan(990);
    expect(grants[0]!.amount).toBeLessThanOrEqual(quote.creditsNow);
    const after = await info(headers);
    expect(after.plan.id).toBe('pro_agency');
    expect(after.credits.subscription).toBe(500 + grants[0]!.amount);

    await resendChangeEvents(userId);
    expect(await upgradeGrants(userId)).toHaveLength(1);
    expect((await info(headers)).credits.subscription).toBe(500 + grants[0]!.amount);
    // The same change sent again is refused: it already applies.
    const again = await app.inject({ method: 'POST', url: '/api/payment/change-plan', headers, payload: { priceId: await monthlyPrice('pro_agency') } });
    expect(again.statusCode).toBe(409);
    expect((await info(headers)).credits.subscription).toBe(500 + grants[0]!.amount);
  });

  it('when a paying Starter monthly subscriber moves up to Agency annual, then the new period starts with Agency’s whole month of credits, once', async () => {
    const { userId, headers } = await subscriber('pro_starter', false);
    const quote = (await app.inject({ method: 'POST', url: '/api/payment/change-plan/preview', headers, payload: { priceId: await annualPrice('pro_agency') } })).json<PlanChangePreview>();
    expect(quote).toMatchObject({ kind: 'upgrade', creditsNow: 1500 });
    expect((await app.inject({ method: 'POST', url: '/api/payment/change-plan', headers, payload: { priceId: await annualPrice('pro_agency') } })).statusCode).toBe(200);
    // Starter's month is replaced, not topped up: 1,500, not 2,000.
    expect((await info(headers)).credits.subscription).toBe(1500);
    await resendChangeEvents(userId);
    expect((await info(headers)).credits.subscription).toBe(1500);
  });

  it('when a Starter subscriber in the trial moves up to Agency, then the preview says the credits come when the trial ends, and none are granted now', async () => {
    const { userId, headers } = await subscriber('pro_starter', true);
    const before = await info(headers);
    expect(before.subscription!.status).toBe('trialing');
    const quote = await preview(headers, 'pro_agency');
    expect(quote).toMatchObject({ kind: 'upgrade', amountDue: 0, creditsNow: 0, trialEndsAt: before.subscription!.trialEnd });
    expect((await app.inject({ method: 'POST', url: '/api/payment/change-plan', headers, payload: { priceId: await monthlyPrice('pro_agency') } })).statusCode).toBe(200);
    expect(await upgradeGrants(userId)).toHaveLength(0);
    expect((await info(headers)).credits.subscription).toBe(before.credits.subscription);
  });

  it('when an Enterprise subscriber with a 25×25 grid previews Starter, then the preview names the grid over Starter’s 15×15 without blocking the move', async () => {
    const { headers } = await subscriber('pro_enterprise', false);
    const placeId = await createPlace(headers, 'demo-malaga-dentista-1', undefined, 25);
    const placeName = (await app.inject({ method: 'GET', url: `/api/place/${placeId}`, headers })).json<{ name: string }>().name;
    const quote = await preview(headers, 'pro_starter');
    expect(quote).toMatchObject({ kind: 'downgrade', blockedReason: null, creditsNow: 0 });
    expect(quote.gridsOverLimit).toEqual([{ placeId, placeName, gridSize: 25, limit: 15 }]);
  });
});
