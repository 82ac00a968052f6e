import { describe, expect, it } from 'vitest';
import type { SubscriptionInfo } from '@rankmaps/shared/schemas/billing';
import { sessions } from '../../../test/sessions';
import { type FakeStripe, signedDelivery } from '../../../test/fake-stripe';
import { checkoutSession, createStripeTestApp } from '../../../test/stripe-app';

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
    expect(update!.body).toMatchObject({ items: [{ price: ids.premium_monthly }], proration_behavior: 'always_invoice', payment_behavior: 'error_if_incomplete' });
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
});
