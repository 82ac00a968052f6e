import { describe, expect, it } from 'vitest';
import type { SubscriptionInfo } from '@rankmaps/shared/schemas/billing';
import { sessions } from '../../../test/sessions';
import { type FakeStripe, signedDelivery } from '../../../test/fake-stripe';
import { checkoutSession, createStripeTestApp } from '../../../test/stripe-app';
import { billingRepository } from '../../modules/billing/billing.repository';

describe('changing plan through the Stripe adapter, against a local fake of Stripe (docs/decisions.md §22.1)', async () => {
  const { app, container, fake, ids } = await createStripeTestApp();
  const { signedIn } = sessions(app, container);
  const deliver = async (event: ReturnType<FakeStripe['event']>) => {
    const res = await app.inject({ method: 'POST', url: '/api/payment/webhook', ...signedDelivery(JSON.stringify(event)) });
    expect(res.statusCode).toBe(200);
    return res.json<{ result?: string }>();
  };
  /** A paid subscription without a trial: the first one, which has the trial, is cancelled first. */
  const subscribed = async (priceId: string) => {
    const { headers } = await signedIn();
    const pay = async (price: string) => {
      const { session, subscription, invoice } = fake.completeCheckout(await checkoutSession(app, fake, headers, price));
      await deliver(fake.event('checkout.session.completed', session));
      await deliver(fake.event('customer.subscription.created', subscription!));
      await deliver(fake.event('invoice.paid', invoice!));
      return subscription!.id;
    };
    await pay(ids.basico_monthly);
    expect((await app.inject({ method: 'POST', url: '/api/payment/cancel-subscription-immediately', headers })).statusCode).toBe(200);
    return { headers, subscriptionId: await pay(priceId) };
  };
  const info = async (headers: Record<string, string>) => (await app.inject({ method: 'GET', url: '/api/payment/subscription-info', headers })).json<SubscriptionInfo>();
  /** The IVA tax rate the adapter created at its first checkout (docs/billing.md, "Invoices"). */
  const ivaRateId = () => [...fake.objects.values()].find((o) => o.object === 'tax_rate')!.id;

  it('when a Profesional subscriber previews Premium, then Stripe is asked for a preview invoice of the item change with always_invoice proration', async () => {
    const { headers, subscriptionId } = await subscribed(ids.profesional_monthly);
    const before = fake.requests.length;
    const res = await app.inject({ method: 'POST', url: '/api/payment/change-plan/preview', headers, payload: { priceId: ids.premium_monthly } });
    expect(res.statusCode, res.body).toBe(200);
    const sent = fake.requests.slice(before);
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /v1/subscriptions/${subscriptionId}`, 'POST /v1/invoices/create_preview']);
    const itemId = fake.get<{ id: string; object: string; items: { data: { id: string }[] } }>(subscriptionId).items.data[0]!.id;
    expect(sent[1]!.body).toMatchObject({
      subscription: subscriptionId,
      subscription_details: { items: [{ id: itemId, price: ids.premium_monthly }], proration_behavior: 'always_invoice' },
    });
    expect(Number(sent[1]!.body.subscription_details && (sent[1]!.body.subscription_details as { proration_date: string }).proration_date)).toBeGreaterThan(0);
    const preview = res.json();
    expect(preview.to).toMatchObject({ planId: 'premium', billingPeriod: 'mensual' });
    expect(preview.amountDue).toBeGreaterThan(39);
    expect(preview.amountDue).toBeLessThanOrEqual(40);
    expect((await info(headers)).plan.id).toBe('profesional');
    expect(fake.requestsTo('POST', `/v1/subscriptions/${subscriptionId}`)).toHaveLength(0);
  });

  it('when the subscriber moves up, then Stripe updates the item with proration and an idempotency key, the plan applies at once, and the webhooks in any order or twice keep it', async () => {
    const { headers, subscriptionId } = await subscribed(ids.profesional_monthly);
    const updatedBefore = fake.get(subscriptionId);
    const oldSnapshot = fake.event('customer.subscription.updated', updatedBefore, Math.floor(Date.now() / 1000) - 5);
    const res = await app.inject({ method: 'POST', url: '/api/payment/change-plan', headers, payload: { priceId: ids.premium_monthly } });
    expect(res.statusCode, res.body).toBe(200);
    const [update] = fake.requestsTo('POST', `/v1/subscriptions/${subscriptionId}`);
    expect(update!.body).toMatchObject({ items: [{ price: ids.premium_monthly }], proration_behavior: 'always_invoice', payment_behavior: 'error_if_incomplete', default_tax_rates: [ivaRateId()] });
    expect(update!.headers['idempotency-key']).toMatch(new RegExp(`^change-plan-${subscriptionId}-${ids.premium_monthly}-\\d+$`));
    expect((await info(headers)).plan).toMatchObject({ id: 'premium', limits: { gridSize: 13 } });

    // Stripe's events: the update, its invoice, delivered twice and with an older snapshot arriving late.
    const updated = fake.event('customer.subscription.updated', fake.get(subscriptionId));
    const invoice = fake.event('invoice.paid', fake.updateInvoices.get(subscriptionId)!);
    await deliver(invoice);
    await deliver(updated);
    expect((await deliver(updated)).result).toBe('duplicate');
    await deliver(oldSnapshot);
    const after = await info(headers);
    expect(after.plan.id).toBe('premium');
    expect(after.subscription).toMatchObject({ amount: 99, billingPeriod: 'mensual' });
    const history = (await app.inject({ method: 'GET', url: '/api/payment/payment-history', headers })).json<{ payments: { amount: number }[] }>().payments;
    expect(history.filter((p) => p.amount > 39 && p.amount <= 40)).toHaveLength(1);
  });

  it('when the change is clicked twice, then both requests carry the same key and Stripe bills one update', async () => {
    const { headers, subscriptionId } = await subscribed(ids.pro_starter_monthly);
    const [a, b] = await Promise.all([0, 1].map(() => app.inject({ method: 'POST', url: '/api/payment/change-plan', headers, payload: { priceId: ids.pro_agency_monthly } })));
    for (const res of [a!, b!]) expect([200, 409]).toContain(res.statusCode);
    const updates = fake.requestsTo('POST', `/v1/subscriptions/${subscriptionId}`);
    expect(new Set(updates.map((r) => r.headers['idempotency-key'])).size).toBe(1);
    const invoices = [...fake.objects.values()].filter((o) => o.object === 'invoice' && o.billing_reason === 'subscription_update' && (o.parent as { subscription_details: { subscription: string } }).subscription_details.subscription === subscriptionId);
    expect(invoices).toHaveLength(1);
    expect((await info(headers)).plan.id).toBe('pro_agency');
  });

  it('when a monthly subscriber moves to annual, then Stripe starts a yearly period now', async () => {
    const { headers } = await subscribed(ids.premium_monthly);
    expect((await app.inject({ method: 'POST', url: '/api/payment/change-plan', headers, payload: { priceId: ids.premium_annual } })).statusCode).toBe(200);
    const sub = (await info(headers)).subscription!;
    expect(sub).toMatchObject({ billingPeriod: 'anual', amount: 948 });
    expect((Date.parse(sub.currentPeriodEnd!) - Date.parse(sub.currentPeriodStart!)) / 86_400_000).toBeGreaterThanOrEqual(365);
  });

  type Schedule = { id: string; object: string; status: string; subscription: string | null; released_subscription: string | null; end_behavior: string; phases: { start_date: number; end_date: number; items: { price: string }[] }[] };
  type Sub = { id: string; object: string; schedule: string | null; items: { data: { id: string; current_period_start: number; current_period_end: number; price: { id: string } }[] } };

  it('when a Premium subscriber previews Profesional, then nothing is asked of Stripe: the move is at the period end, at the catalogue price', async () => {
    const { headers } = await subscribed(ids.premium_monthly);
    const before = fake.requests.length;
    const res = await app.inject({ method: 'POST', url: '/api/payment/change-plan/preview', headers, payload: { priceId: ids.profesional_monthly } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'downgrade', amountDue: 0, nextRenewalAmount: 59, effectiveAt: (await info(headers)).subscription!.currentPeriodEnd });
    expect(fake.requests.slice(before)).toEqual([]);
  });

  it('when the subscriber moves down, then a schedule is created from the subscription with a second phase at the new price, released at the end, and the renewal applies it through the webhook', async () => {
    const { headers, subscriptionId } = await subscribed(ids.premium_monthly);
    const sub = fake.get<Sub>(subscriptionId);
    const item = sub.items.data[0]!;
    const res = await app.inject({ method: 'POST', url: '/api/payment/change-plan', headers, payload: { priceId: ids.profesional_monthly } });
    expect(res.statusCode, res.body).toBe(200);
    const ivaRate = ivaRateId();

    const [create] = fake.requestsTo('POST', '/v1/subscription_schedules');
    expect(create!.body).toEqual({ from_subscription: subscriptionId });
    expect(create!.headers['idempotency-key']).toMatch(new RegExp(`^change-plan-${subscriptionId}-${ids.profesional_monthly}-\\d+-schedule$`));
    const scheduleId = fake.get<Sub>(subscriptionId).schedule!;
    const [update] = fake.requestsTo('POST', `/v1/subscription_schedules/${scheduleId}`);
    expect(update!.body).toEqual({
      end_behavior: 'release',
      proration_behavior: 'none',
      phases: [
        { items: [{ price: ids.premium_monthly, quantity: '1' }], start_date: String(item.current_period_start), end_date: String(item.current_period_end), default_tax_rates: [ivaRate] },
        { items: [{ price: ids.profesional_monthly, quantity: '1' }], duration: { interval: 'month', interval_count: '1' }, proration_behavior: 'none', default_tax_rates: [ivaRate] },
      ],
      metadata: expect.objectContaining({ scheduledPriceId: ids.profesional_monthly }) as unknown,
    });
    // No update of the subscription itself, no invoice: nothing is charged now.
    expect(fake.requestsTo('POST', `/v1/subscriptions/${subscriptionId}`)).toHaveLength(0);
    const scheduled = await info(headers);
    expect(scheduled.plan.id).toBe('premium');
    expect(scheduled.subscription!.scheduledChange).toMatchObject({ planId: 'profesional', effectiveAt: new Date(item.current_period_end * 1000).toISOString() });

    // The period ends: Stripe enters the second phase and bills it at the new price.
    const attached = fake.event('customer.subscription.updated', fake.get(subscriptionId));
    const renewal = fake.renew(subscriptionId, 'paid');
    expect(renewal.subscription.items).toMatchObject({ data: [{ price: { id: ids.profesional_monthly } }] });
    // Sent at the period's end, after the snapshot of the schedule's attachment (delivered last here).
    const switched = fake.event('customer.subscription.updated', renewal.subscription, item.current_period_end);
    const paid = fake.event('invoice.paid', renewal.invoice, item.current_period_end);
    await deliver(paid);
    await deliver(switched);
    expect((await deliver(switched)).result).toBe('duplicate');
    await deliver(attached);
    const after = await info(headers);
    expect(after.plan).toMatchObject({ id: 'profesional', limits: { places: 3 } });
    expect(after.subscription).toMatchObject({ amount: 59, scheduledChange: null });
  });

  it('when the move down is clicked twice, then both requests carry the same keys and Stripe holds one schedule', async () => {
    const { headers, subscriptionId } = await subscribed(ids.pro_agency_annual);
    const [a, b] = await Promise.all([0, 1].map(() => app.inject({ method: 'POST', url: '/api/payment/change-plan', headers, payload: { priceId: ids.pro_agency_monthly } })));
    for (const res of [a!, b!]) expect([200, 409]).toContain(res.statusCode);
    const creates = fake.requestsTo('POST', '/v1/subscription_schedules').filter((r) => r.body.from_subscription === subscriptionId);
    expect(new Set(creates.map((r) => r.headers['idempotency-key'])).size).toBe(1);
    const schedules = [...fake.objects.values()].filter((o) => o.object === 'subscription_schedule' && (o.subscription === subscriptionId || o.released_subscription === subscriptionId));
    expect(schedules).toHaveLength(1);
    expect((await info(headers)).subscription!.scheduledChange).toMatchObject({ planId: 'pro_agency', billingPeriod: 'mensual' });
  });

  it('when the scheduled move down is cancelled, then Stripe releases the schedule, nothing is left, and late events bring nothing back', async () => {
    const { headers, subscriptionId } = await subscribed(ids.premium_annual);
    expect((await app.inject({ method: 'POST', url: '/api/payment/change-plan', headers, payload: { priceId: ids.basico_annual } })).statusCode).toBe(200);
    const scheduleId = fake.get<Sub>(subscriptionId).schedule!;
    const attached = fake.event('customer.subscription.updated', fake.get(subscriptionId));
    const res = await app.inject({ method: 'POST', url: '/api/payment/change-plan/cancel', headers });
    expect(res.statusCode, res.body).toBe(200);
    const [release] = fake.requestsTo('POST', `/v1/subscription_schedules/${scheduleId}/release`);
    expect(release!.headers['idempotency-key']).toBe(`release-schedule-${scheduleId}`);
    expect(fake.get<Schedule>(scheduleId)).toMatchObject({ status: 'released', released_subscription: subscriptionId, subscription: null });
    expect(fake.get<Sub>(subscriptionId).schedule).toBeNull();
    expect((await info(headers)).subscription!.scheduledChange).toBeNull();

    // Stripe's events about it, late and twice: the released schedule, the subscription before and after.
    const released = fake.event('subscription_schedule.released', fake.get(scheduleId));
    const detached = fake.event('customer.subscription.updated', fake.get(subscriptionId));
    for (const event of [detached, attached, released, released, attached]) await deliver(event);
    expect((await info(headers)).subscription).toMatchObject({ scheduledChange: null, amount: 948, billingPeriod: 'anual' });
    // The renewal keeps the plan.
    const renewal = fake.renew(subscriptionId, 'paid');
    expect(renewal.subscription.items).toMatchObject({ data: [{ price: { id: ids.premium_annual } }] });
    // A schedule released at Stripe cannot be released again; the cancel route says there is nothing to cancel.
    const again = await app.inject({ method: 'POST', url: '/api/payment/change-plan/cancel', headers });
    expect(again.statusCode).toBe(404);
  });

  it('when Stripe releases the schedule on its own (the dashboard), then its webhook clears the scheduled change', async () => {
    const { headers, subscriptionId } = await subscribed(ids.premium_monthly);
    expect((await app.inject({ method: 'POST', url: '/api/payment/change-plan', headers, payload: { priceId: ids.basico_monthly } })).statusCode).toBe(200);
    const scheduleId = fake.get<Sub>(subscriptionId).schedule!;
    const released = Object.assign(structuredClone(fake.get(scheduleId)), { status: 'released', subscription: null, released_subscription: subscriptionId });
    await deliver(fake.event('subscription_schedule.released', released));
    expect((await info(headers)).subscription!.scheduledChange).toBeNull();
  });

  it('when the subscription is cancelled now while a move down waits, then Stripe cancels its schedule and nothing stays scheduled, whatever the events say later', async () => {
    const { headers, subscriptionId } = await subscribed(ids.premium_monthly);
    expect((await app.inject({ method: 'POST', url: '/api/payment/change-plan', headers, payload: { priceId: ids.basico_monthly } })).statusCode).toBe(200);
    const scheduleId = fake.get<Sub>(subscriptionId).schedule!;
    const attached = fake.event('customer.subscription.updated', fake.get(subscriptionId), Math.floor(Date.now() / 1000) - 1);
    expect((await app.inject({ method: 'POST', url: '/api/payment/cancel-subscription-immediately', headers })).statusCode).toBe(200);
    expect(fake.get<Schedule>(scheduleId).status).toBe('canceled');
    for (const event of [fake.event('subscription_schedule.canceled', fake.get(scheduleId)), attached, fake.event('customer.subscription.deleted', fake.get(subscriptionId))]) await deliver(event);
    expect(await billingRepository.findSubscription(container.database.db, subscriptionId)).toMatchObject({ status: 'canceled', scheduledPriceId: null, scheduleId: null });
    expect((await info(headers)).subscription).toBeNull();
  });
});
