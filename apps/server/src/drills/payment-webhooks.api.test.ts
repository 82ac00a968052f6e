import type { PaymentItem, SubscriptionInfo } from '@rankmaps/shared/schemas/billing';
import { describe, expect, it } from 'vitest';
import { type FakeStripe, signedDelivery } from '../../test/fake-stripe';
import { checkInvariants } from '../../test/invariants';
import { permutations, shuffle } from '../../test/orders';
import { sessions } from '../../test/sessions';
import { checkoutSession, createStripeTestApp } from '../../test/stripe-app';
import { billingRepository } from '../modules/billing/billing.repository';

type StripeEvent = ReturnType<FakeStripe['event']>;
type StripeObject = Parameters<FakeStripe['event']>[1];
const nowS = () => Math.floor(Date.now() / 1000);
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

// Stripe delivers each event at least once, in no particular order, and retries a delivery
// that failed. These drills send real Stripe-shaped events, signed, through POST
// /api/payment/webhook, duplicated and out of order, and check where the account ends up.
describe('drill: payment webhooks delivered twice and out of order', async () => {
  const { app, container, fake, ids } = await createStripeTestApp();
  const db = container.database.db;

  const { signedIn } = sessions(app, container);
  const checkout = (headers: Record<string, string>, priceId: string) => checkoutSession(app, fake, headers, priceId);
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
    const bought = fake.completeCheckout(await checkout(headers, ids.credits_500));
    // The purchase's session grants the credits; its invoice (invoice_creation) is the payment.
    const purchase = [fake.event('checkout.session.completed', bought.session), fake.event('invoice.paid', bought.invoice!)];
    const results: string[] = [];
    // Two deliveries of each in flight together, then a late third (Stripe's retry after a lost answer).
    for (const event of [...events, ...purchase]) results.push(...(await Promise.all([deliver(event), deliver(event)])));
    for (const event of [...events, ...purchase]) results.push(await deliver(event));
    expect(results.filter((r) => r === 'processed')).toHaveLength(5);
    expect(results.filter((r) => r === 'duplicate')).toHaveLength(10);

    const after = await info(headers);
    expect(after).toMatchObject({ hasActiveSubscription: true, plan: { id: 'pro_agency' }, credits: { subscription: 1500, extra: 500 } });
    expect((await history(headers)).map((p) => p.id).sort()).toEqual([invoice!.id, bought.invoice!.id].sort());
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

  /** The subscription's failure details as stored (the three fields the profile's past-due notice reads). */
  const storedFailure = async (subscriptionId: string) => {
    const row = await billingRepository.findSubscription(db, subscriptionId);
    return row && { lastFailureAt: row.lastFailureAt?.toISOString() ?? null, lastFailureAttemptCount: row.lastFailureAttemptCount, nextPaymentAttempt: row.nextPaymentAttempt?.toISOString() ?? null };
  };
  const noFailure = { lastFailureAt: null, lastFailureAttemptCount: null, nextPaymentAttempt: null };

  /**
   * A new account's subscription (its trial, whose 0 € invoice is paid at checkout, t0) whose
   * first renewal fails: Stripe's first attempt at t0 + 60 and its second at t0 + 120. The
   * events Stripe sends, in order.
   */
  const failingRenewal = async (headers: Record<string, string>) => {
    const { subscription, invoice } = fake.completeCheckout(await checkout(headers, ids.pro_starter_monthly));
    const t0 = nowS();
    const created = fake.event('customer.subscription.created', subscription!, t0);
    const paid = fake.event('invoice.paid', invoice!, t0);
    const renewal = fake.renew(subscription!.id, 'failed');
    const firstFailure = fake.event('invoice.payment_failed', renewal.invoice, t0 + 60);
    const pastDue = fake.event('customer.subscription.updated', renewal.subscription, t0 + 60);
    Object.assign(renewal.invoice, { attempt_count: 2, next_payment_attempt: t0 + 120 + 5 * 86_400 });
    const secondFailure = fake.event('invoice.payment_failed', renewal.invoice, t0 + 120);
    return {
      subscription: subscription!,
      firstPaidAt: Number((invoice!.status_transitions as { paid_at: number }).paid_at),
      renewal,
      t0,
      events: { created, paid, firstFailure, pastDue, secondFailure },
      /** The same events in the order Stripe sends them. */
      inOrder: [created, paid, firstFailure, pastDue, secondFailure],
      /** What the subscription shows after the attempt of `event` (one of the two failures). */
      failureOf: (event: StripeEvent) => ({
        stored: { lastFailureAt: iso(event.created), lastFailureAttemptCount: Number(event.data.object.attempt_count), nextPaymentAttempt: iso(Number(event.data.object.next_payment_attempt)) },
        shown: { failedAt: iso(event.created), attemptCount: Number(event.data.object.attempt_count), nextAttempt: iso(Number(event.data.object.next_payment_attempt)) },
      }),
    };
  };

  /**
   * Delivers each event twice: in reverse (seed 0) or shuffled by `seed` and `round`.
   * Answers the order, to name the one that failed.
   */
  const deliverTwiceInOrder = async (list: StripeEvent[], seed: number, round: number) => {
    const order = seed ? shuffle([...list, ...list], seed * 10 + round) : [...list].reverse().flatMap((e) => [e, e]);
    for (const event of order) await deliver(event);
    return `order ${order.map((e) => list.indexOf(e)).join(',')}`;
  };

  it('when a renewal fails before its subscription is known here (invoice.payment_failed first), then the subscription, once created, shows the attempt count and next attempt, and keeps them through updates and duplicates', async () => {
    const { headers } = await signedIn();
    const { subscription, renewal, firstPaidAt, events, failureOf } = await failingRenewal(headers);
    const first = failureOf(events.firstFailure);

    expect(await deliver(events.firstFailure)).toBe('processed');
    expect((await info(headers)).subscription).toBeNull();
    expect(await history(headers)).toEqual([expect.objectContaining({ id: renewal.invoice.id, status: 'failed', amount: 49 })]);

    // The subscription arrives: the snapshot of its creation, then the renewal's update.
    expect(await deliver(events.created)).toBe('processed');
    expect(await storedFailure(subscription.id)).toEqual(first.stored);
    expect((await info(headers)).subscription).toMatchObject({ status: 'trialing', lastPaymentFailure: first.shown });
    expect(await deliver(events.pastDue)).toBe('processed');
    expect(await storedFailure(subscription.id)).toEqual(first.stored);
    expect((await info(headers)).subscription).toMatchObject({ status: 'past_due', lastPaymentFailure: first.shown });

    // The trial invoice's payment (older than the failure) leaves the failure alone.
    expect(await deliver(events.paid)).toBe('processed');
    for (const event of [events.firstFailure, events.created, events.pastDue, events.paid]) expect(await deliver(event)).toBe('duplicate');
    expect(await storedFailure(subscription.id)).toEqual(first.stored);
    expect((await info(headers)).subscription).toMatchObject({ status: 'past_due', lastPaymentDate: iso(firstPaidAt), lastPaymentFailure: first.shown });

    // Stripe's second attempt fails too: its details replace the first's.
    expect(await deliver(events.secondFailure)).toBe('processed');
    expect(await storedFailure(subscription.id)).toEqual(failureOf(events.secondFailure).stored);
    expect((await info(headers)).subscription?.lastPaymentFailure).toEqual(failureOf(events.secondFailure).shown);
    expect(await checkInvariants(db)).toEqual([]);
  });

  it("when the events of a renewal that fails twice arrive in every possible order, each twice, then the subscription ends past due with the second failure and the trial's payment", async () => {
    const orders = permutations(5);
    expect(orders).toHaveLength(120);
    for (const order of orders) {
      const { headers } = await signedIn();
      const { subscription, renewal, firstPaidAt, events, inOrder: list, failureOf } = await failingRenewal(headers);
      const results: string[] = [];
      for (const i of [...order, ...order]) results.push(await deliver(list[i]!));
      const what = `order ${order.join(',')}`;
      expect(results.filter((r) => r === 'duplicate'), what).toHaveLength(5);

      expect(await storedFailure(subscription.id), what).toEqual(failureOf(events.secondFailure).stored);
      const after = await info(headers);
      expect(after.subscription, what).toMatchObject({ status: 'past_due', lastPaymentDate: iso(firstPaidAt), lastPaymentFailure: failureOf(events.secondFailure).shown });
      // The history keeps the newest attempt of the renewal, whichever attempt arrived last.
      expect((await history(headers)).find((p) => p.id === renewal.invoice.id), what).toMatchObject({ status: 'failed', date: iso(events.secondFailure.created) });
    }
    expect(await checkInvariants(db)).toEqual([]);
   }, 180_000); // 120 orders of ten deliveries, each with its own account: about 30 s idle, over a minute on a busy machine (CI's own runs included)

  it('when a failed invoice and the creation of its subscription are delivered at the same moment, then the subscription still shows the failure', async () => {
    // On PostgreSQL the two deliveries run in two transactions at once: each must see what the
    // other wrote (on PGlite they take turns).
    for (let round = 0; round < 20; round++) {
      const { headers } = await signedIn();
      const { subscription, events, failureOf } = await failingRenewal(headers);
      expect(await Promise.all([deliver(events.firstFailure), deliver(events.created)])).toEqual(['processed', 'processed']);
      expect(await storedFailure(subscription.id), `round ${round}`).toEqual(failureOf(events.firstFailure).stored);
      expect((await info(headers)).subscription?.lastPaymentFailure, `round ${round}`).toEqual(failureOf(events.firstFailure).shown);
    }
    expect(await checkInvariants(db)).toEqual([]);
  });

  for (const seed of [0, 1, 7, 42, 1234, 98765, 31337, 2024]) {
    it(`when a failed renewal is then paid by Stripe's retry, and the events arrive twice in shuffled order (${seed ? `seed ${seed}` : 'reversed'}), then the subscription is active with the retry's payment and no failure`, async () => {
      for (let round = 0; round < 5; round++) {
        const { headers } = await signedIn();
        const { subscription, renewal, t0, inOrder } = await failingRenewal(headers);
        retrySucceeds(renewal.invoice, renewal.subscription, t0 + 120);
        const retry = [fake.event('customer.subscription.updated', renewal.subscription, t0 + 120), fake.event('invoice.paid', renewal.invoice, t0 + 120)];
        const what = await deliverTwiceInOrder([...inOrder, ...retry], seed, round);

        expect(await storedFailure(subscription.id), what).toEqual(noFailure);
        const after = await info(headers);
        expect(after.subscription, what).toMatchObject({ status: 'active', lastPaymentDate: iso(t0 + 120), lastPaymentFailure: null });
        expect(after.credits, what).toMatchObject({ subscription: 500 });
        expect((await history(headers)).find((p) => p.id === renewal.invoice.id), what).toMatchObject({ status: 'paid' });
      }
      expect(await checkInvariants(db)).toEqual([]);
    });

    it(`when a failed renewal stays unpaid and the next renewal is paid, and the events arrive twice in shuffled order (${seed ? `seed ${seed}` : 'reversed'}), then the newer payment clears the older failure`, async () => {
      for (let round = 0; round < 5; round++) {
        const { headers } = await signedIn();
        const { subscription, renewal, t0, inOrder } = await failingRenewal(headers);
        const next = fake.renew(subscription.id, 'paid');
        Object.assign(next.invoice, { created: t0 + 180, status_transitions: { ...(next.invoice.status_transitions as object), paid_at: t0 + 180 } });
        const nextPaid = [fake.event('customer.subscription.updated', next.subscription, t0 + 180), fake.event('invoice.paid', next.invoice, t0 + 180)];
        const what = await deliverTwiceInOrder([...inOrder, ...nextPaid], seed, round);

        expect(await storedFailure(subscription.id), what).toEqual(noFailure);
        expect((await info(headers)).subscription, what).toMatchObject({ status: 'active', lastPaymentDate: iso(t0 + 180), lastPaymentFailure: null });
        const payments = await history(headers);
        expect(payments.find((p) => p.id === renewal.invoice.id), what).toMatchObject({ status: 'failed', date: iso(t0 + 120) });
        expect(payments.find((p) => p.id === next.invoice.id), what).toMatchObject({ status: 'paid' });
      }
      expect(await checkInvariants(db)).toEqual([]);
    });
  }

  /**
   * A subscriber on Agency (paid, no trial) who schedules a move down to Starter through our API:
   * the subscription's snapshot once the schedule holds it, then, at the period's end, Stripe's
   * switch to the new price and its paid invoice.
   */
  const scheduledMoveDown = async () => {
    const { headers } = await signedIn();
    const pay = async (priceId: string) => {
      const { subscription, invoice } = fake.completeCheckout(await checkout(headers, priceId));
      await deliver(fake.event('customer.subscription.created', subscription!));
      await deliver(fake.event('invoice.paid', invoice!));
      return subscription!;
    };
    // The first subscription has the trial; a second one is paid from the start.
    await pay(ids.basico_monthly);
    expect((await app.inject({ method: 'POST', url: '/api/payment/cancel-subscription-immediately', headers })).statusCode).toBe(200);
    const subscription = await pay(ids.pro_agency_monthly);
    const res = await app.inject({ method: 'POST', url: '/api/payment/change-plan', headers, payload: { priceId: ids.pro_starter_monthly } });
    expect(res.statusCode, res.body).toBe(200);
    const t0 = nowS();
    const attached = fake.event('customer.subscription.updated', fake.get(subscription.id), t0);
    const periodEnd = (subscription.items as { data: { current_period_end: number }[] }).data[0]!.current_period_end;
    const renewal = fake.renew(subscription.id, 'paid');
    const switched = [fake.event('customer.subscription.updated', renewal.subscription, periodEnd), fake.event('invoice.paid', renewal.invoice, periodEnd)];
    return { headers, subscription, renewal, attached, switched, scheduleId: String(renewal.schedule!.id) };
  };

  for (const seed of [0, 3, 19, 77]) {
    it(`when a move down's events (the schedule attached, the switch at the period's end, its invoice) arrive twice in shuffled order (${seed ? `seed ${seed}` : 'reversed'}), then the new plan applies once and nothing stays scheduled`, async () => {
      for (let round = 0; round < 3; round++) {
        const { headers, subscription, renewal, attached, switched } = await scheduledMoveDown();
        const what = await deliverTwiceInOrder([attached, ...switched], seed, round);
        const after = await info(headers);
        expect(after.plan.id, what).toBe('pro_starter');
        expect(after.subscription, what).toMatchObject({ id: subscription.id, status: 'active', amount: 49, scheduledChange: null });
        expect(after.credits, what).toMatchObject({ subscription: 500 });
        expect((await history(headers)).find((p) => p.id === renewal.invoice.id), what).toMatchObject({ status: 'paid', amount: 49 });
        const row = await billingRepository.findSubscription(db, subscription.id);
        expect(row, what).toMatchObject({ scheduledPriceId: null, scheduledAt: null, scheduleId: null });
      }
      expect(await checkInvariants(db)).toEqual([]);
    });

    it(`when a scheduled move down is cancelled and the events of the schedule and its release arrive twice in shuffled order (${seed ? `seed ${seed}` : 'reversed'}), then nothing comes back and the plan stays`, async () => {
      for (let round = 0; round < 3; round++) {
        const { headers } = await signedIn();
        const { subscription, invoice } = fake.completeCheckout(await checkout(headers, ids.pro_agency_monthly));
        await deliver(fake.event('customer.subscription.created', subscription!));
        await deliver(fake.event('invoice.paid', invoice!));
        expect((await app.inject({ method: 'POST', url: '/api/payment/change-plan', headers, payload: { priceId: ids.pro_starter_monthly } })).statusCode).toBe(200);
        const t0 = nowS();
        const scheduleId = String(fake.get(subscription!.id).schedule);
        const attached = fake.event('customer.subscription.updated', fake.get(subscription!.id), t0);
        expect((await app.inject({ method: 'POST', url: '/api/payment/change-plan/cancel', headers })).statusCode).toBe(200);
        const released = fake.event('subscription_schedule.released', fake.get(scheduleId), t0 + 1);
        const detached = fake.event('customer.subscription.updated', fake.get(subscription!.id), t0 + 1);
        const what = await deliverTwiceInOrder([attached, released, detached], seed, round);
        const after = await info(headers);
        expect(after.plan.id, what).toBe('pro_agency');
        expect(after.subscription, what).toMatchObject({ amount: 99, scheduledChange: null });
        expect(await billingRepository.findSubscription(db, subscription!.id), what).toMatchObject({ scheduledPriceId: null, scheduleId: null });
      }
      expect(await checkInvariants(db)).toEqual([]);
    });
  }

  it("when a delayed credit payment settles and that event arrives before the checkout's, then the 500 credits are granted once and the payment is paid", async () => {
    const { headers } = await signedIn();
    const sessionId = await checkout(headers, ids.credits_500);
    const completed = fake.event('checkout.session.completed', fake.completeCheckout(sessionId, { asyncPayment: true }).session);
    const settled = fake.event('checkout.session.async_payment_succeeded', fake.settleAsyncPayment(sessionId));
    // Once the payment settles, Checkout invoices it: its invoice.paid records the payment.
    const invoiced = fake.event('invoice.paid', fake.get(String(fake.get(sessionId).invoice)));
    for (const event of [settled, invoiced, completed, settled, completed, invoiced]) await deliver(event);

    expect((await info(headers)).credits).toMatchObject({ subscription: 0, extra: 500 });
    expect(await history(headers)).toEqual([expect.objectContaining({ id: invoiced.data.object.id, status: 'paid', amount: 20 })]);
    expect(await checkInvariants(db)).toEqual([]);
  });
});
