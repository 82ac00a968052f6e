import type { PaymentItem, SubscriptionInfo } from '@rankmaps/shared/schemas/billing';
import { afterAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories';
import { FakeStripe, signedDelivery, stripeTestEnv, testCatalog } from '../../test/fake-stripe';
import { checkInvariants } from '../../test/invariants';
import { createTestApp } from '../../test/test-app';

type StripeEvent = ReturnType<FakeStripe['event']>;
type StripeObject = Parameters<FakeStripe['event']>[1];
const nowS = () => Math.floor(Date.now() / 1000);
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

// Stripe delivers each event at least once, in no particular order, and retries a delivery
// that failed. These drills send real Stripe-shaped events, signed, through POST
// /api/payment/webhook, duplicated and out of order, and check where the account ends up.
describe('drill: payment webhooks delivered twice and out of order', async () => {
  const { ids, prices } = testCatalog();
  const fake = new FakeStripe(prices);
  const port = await fake.start();
  afterAll(() => fake.close());
  const { app, container } = await createTestApp(stripeTestEnv(port, ids));
  const db = container.database.db;

  const signedIn = async () => {
    const user = await buildUser(container);
    return { user, headers: { authorization: `Bearer ${await container.accessTokens.sign(user.id)}` } };
  };
  /** A checkout through our API; the fake then holds the open session. */
  const checkout = async (headers: Record<string, string>, priceId: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/payment/create-checkout-session', headers, payload: { priceId } });
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json<{ url: string }>().url;
    return [...fake.objects.values()].find((o) => o.object === 'checkout.session' && o.url === url)!.id;
  };
  const deliver = async (event: StripeEvent) => {
    const res = await app.inject({ method: 'POST', url: '/api/payment/webhook', ...signedDelivery(JSON.stringify(event)) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ result: 'processed' | 'duplicate' }>().result;
  };
  const info = async (headers: Record<string, string>) =>
    (await app.inject({ method: 'GET', url: '/api/payment/subscription-info', headers })).json<SubscriptionInfo>();
  const history = async (headers: Record<string, string>) =>
    (await app.inject({ method: 'GET', url: '/api/payment/payment-history', headers })).json<{ payments: PaymentItem[] }>().payments;

  /** Stripe's retry of a failed renewal goes through: the invoice is paid and the subscription active again. */
  const retrySucceeds = (invoice: StripeObject, subscription: StripeObject, paidAt: number) => {
    Object.assign(invoice, {
      status: 'paid',
      amount_paid: invoice.amount_due,
      amount_remaining: 0,
      attempt_count: 2,
      next_payment_attempt: null,
    });
    Object.assign(invoice.status_transitions as object, { paid_at: paidAt });
    subscription.status = 'active';
  };

  it('when every event of a subscription arrives twice, some of them at the same moment, then each is applied once and credits are granted once', async () => {
    const { headers } = await signedIn();
    const { session, subscription, invoice } = fake.completeCheckout(await checkout(headers, ids.pro_agency_monthly));
    const events = [
      fake.event('checkout.session.completed', session),
      fake.event('customer.subscription.created', subscription!),
      fake.event('invoice.paid', invoice!),
    ];
    const purchase = fake.event('checkout.session.completed', fake.completeCheckout(await checkout(headers, ids.credits_500)).session);
    const results: string[] = [];
    // Two deliveries of each in flight together, then a late third (Stripe's retry after a lost answer).
    for (const event of [...events, purchase]) results.push(...(await Promise.all([deliver(event), deliver(event)])));
    for (const event of [...events, purchase]) results.push(await deliver(event));
    expect(results.filter((r) => r === 'processed')).toHaveLength(4);
    expect(results.filter((r) => r === 'duplicate')).toHaveLength(8);

    const after = await info(headers);
    expect(after).toMatchObject({ hasActiveSubscription: true, plan: { id: 'pro_agency' }, credits: { subscription: 1500, extra: 500 } });
    expect((await history(headers)).map((p) => p.id).sort()).toEqual([invoice!.id, purchase.data.object.id].sort());
    expect(await checkInvariants(db)).toEqual([]);
  });

  it("when a subscription's events arrive in reverse (renewal first, checkout last), then the plan, its period, the last payment and the credits are as if they came in order", async () => {
    const { headers } = await signedIn();
    const { session, subscription, invoice } = fake.completeCheckout(await checkout(headers, ids.pro_starter_monthly));
    const t0 = nowS();
    const inOrder = [
      fake.event('checkout.session.completed', session, t0),
      fake.event('customer.subscription.created', subscription!, t0),
      fake.event('invoice.paid', invoice!, t0),
    ];
    const renewal = fake.renew(subscription!.id, 'paid');
    // The renewal is paid a minute later, so the two payments' dates differ.
    const renewedAt = t0 + 60;
    Object.assign(renewal.invoice, {
      created: renewedAt,
      status_transitions: { ...(renewal.invoice.status_transitions as object), paid_at: renewedAt },
    });
    inOrder.push(
      fake.event('customer.subscription.updated', renewal.subscription, renewedAt),
      fake.event('invoice.paid', renewal.invoice, renewedAt),
    );
    // Everything twice, newest first: the renewal's invoice before the subscription exists here,
    // the first invoice before its checkout, created after updated.
    for (const event of [...inOrder].reverse()) await deliver(event);
    for (const event of [...inOrder].reverse()) expect(await deliver(event)).toBe('duplicate');

    const item = (renewal.subscription.items as { data: { current_period_start: number; current_period_end: number }[] }).data[0]!;
    const after = await info(headers);
    expect(after.plan.id).toBe('pro_starter');
    expect(after.subscription).toMatchObject({
      id: subscription!.id,
      status: 'active',
      currentPeriodStart: iso(item.current_period_start),
      currentPeriodEnd: iso(item.current_period_end),
      lastPaymentDate: iso(renewedAt),
      lastPaymentFailure: null,
    });
    // Only the renewal's period counts: the first period's grant, arriving later, adds nothing.
    expect(after.credits).toMatchObject({ subscription: 500, extra: 0 });
    const payments = await history(headers);
    expect(payments.map((p) => [p.id, p.status]).sort()).toEqual(
      [
        [invoice!.id, 'paid'],
        [renewal.invoice.id, 'paid'],
      ].sort(),
    );
    expect(await checkInvariants(db)).toEqual([]);
  });

  it("when a renewal fails and Stripe's retry then succeeds, but the events arrive in reverse, then the payment shows paid, no failure is left, and credits are granted once", async () => {
    const { headers } = await signedIn();
    const { subscription, invoice } = fake.completeCheckout(await checkout(headers, ids.pro_starter_monthly));
    const t0 = nowS();
    await deliver(fake.event('customer.subscription.created', subscription!, t0));
    await deliver(fake.event('invoice.paid', invoice!, t0));

    const renewal = fake.renew(subscription!.id, 'failed');
    const failed = [
      fake.event('invoice.payment_failed', renewal.invoice, t0 + 1),
      fake.event('customer.subscription.updated', renewal.subscription, t0 + 1),
    ];
    retrySucceeds(renewal.invoice, renewal.subscription, t0 + 2);
    const recovered = [
      fake.event('customer.subscription.updated', renewal.subscription, t0 + 2),
      fake.event('invoice.paid', renewal.invoice, t0 + 2),
    ];
    for (const event of [...recovered, ...failed]) await deliver(event);

    const after = await info(headers);
    expect(after.subscription).toMatchObject({ status: 'active', lastPaymentDate: iso(t0 + 2), lastPaymentFailure: null });
    expect(after.credits).toMatchObject({ subscription: 500 });
    expect((await history(headers)).find((p) => p.id === renewal.invoice.id)).toMatchObject({ status: 'paid' });
    expect(await checkInvariants(db)).toEqual([]);
  });

  it("when a delayed credit payment settles and that event arrives before the checkout's, then the 500 credits are granted once and the payment is paid", async () => {
    const { headers } = await signedIn();
    const sessionId = await checkout(headers, ids.credits_500);
    const completed = fake.event('checkout.session.completed', fake.completeCheckout(sessionId, { asyncPayment: true }).session);
    const settled = fake.event('checkout.session.async_payment_succeeded', fake.settleAsyncPayment(sessionId));
    for (const event of [settled, completed, settled, completed]) await deliver(event);

    expect((await info(headers)).credits).toMatchObject({ subscription: 0, extra: 500 });
    expect(await history(headers)).toEqual([expect.objectContaining({ id: sessionId, status: 'paid', amount: 20 })]);
    expect(await checkInvariants(db)).toEqual([]);
  });
});
