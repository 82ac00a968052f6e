import { describe, expect, it } from 'vitest';
import type { SubscriptionInfo } from '@rankmaps/shared/schemas/billing';
import { sessions } from '../../../test/sessions';
import { type FakeStripe, signedDelivery } from '../../../test/fake-stripe';
import { checkoutSession, createStripeTestApp } from '../../../test/stripe-app';

const APP = 'http://localhost:3000';

/** Keeps two calls inside the same minute, since the idempotency keys are per minute. */
async function awayFromMinuteEnd() {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 3_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

describe('the Stripe adapter, through the API, against a local fake of Stripe', async () => {
  const { app, container, fake, ids } = await createStripeTestApp();

  const { signedIn } = sessions(app, container);
  const checkout = (headers: Record<string, string>, priceId: string, quantity?: number) => checkoutSession(app, fake, headers, priceId, quantity);
  const deliver = async (event: ReturnType<FakeStripe['event']>) => {
    const res = await app.inject({ method: 'POST', url: '/api/payment/webhook', ...signedDelivery(JSON.stringify(event)) });
    expect(res.statusCode).toBe(200);
  };
  /** Checkout, payment on Stripe's page, and the webhooks Stripe then sends. */
  const subscribe = async (headers: Record<string, string>, priceId: string) => {
    const sessionId = await checkout(headers, priceId);
    const { session, subscription, invoice } = fake.completeCheckout(sessionId);
    await deliver(fake.event('checkout.session.completed', session));
    await deliver(fake.event('customer.subscription.created', subscription!));
    await deliver(fake.event('invoice.paid', invoice!));
    return { sessionId, subscriptionId: subscription!.id };
  };
  const info = async (headers: Record<string, string>) => (await app.inject({ method: 'GET', url: '/api/payment/subscription-info', headers })).json<SubscriptionInfo>();
  /** The IVA tax rate the adapter created at its first checkout (docs/billing.md, "Invoices"). */
  const ivaRate = () => [...fake.objects.values()].find((o) => o.object === 'tax_rate')!.id;

  it('when the app runs with PAYMENTS_PROVIDER=stripe, then /api/health and /api/plans report the Stripe adapter and its price ids', async () => {
    const health = (await app.inject({ method: 'GET', url: '/api/health' })).json();
    expect(health.adapters.payments).toBe('stripe');
    const plans = (await app.inject({ method: 'GET', url: '/api/plans' })).json();
    expect(plans.provider).toBe('stripe');
    expect(plans.plans.find((p: { id: string }) => p.id === 'pro_agency')).toMatchObject({ subscription_id: ids.pro_agency_monthly, anual_subscription_id: ids.pro_agency_annual });
    expect(plans.creditPackage.priceId).toBe(ids.credits_500);
  });

  it('when a user starts a first plan checkout, then Stripe gets a customer and a subscription session with the price, a 14-day trial and the success URL template', async () => {
    const { user, headers } = await signedIn();
    const before = fake.requests.length;
    const sessionId = await checkout(headers, ids.basico_monthly);

    const sent = fake.requests.slice(before);
    // The first checkout of the process looks the IVA rate up, finds none and creates it.
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/customers', 'GET /v1/tax_rates', 'POST /v1/tax_rates', 'POST /v1/checkout/sessions']);
    const [customerReq, , , sessionReq] = sent;
    expect(customerReq!.body).toMatchObject({ email: user.email, name: user.name, metadata: { userId: user.id } });
    expect(customerReq!.headers['idempotency-key']).toBe(`customer-${user.id}`);
    expect(customerReq!.headers.authorization).toBe('Bearer sk_test_x');
    expect(customerReq!.headers['stripe-version']).toMatch(/^\d{4}-\d{2}-\d{2}/);

    const customerId = fake.get(sessionId).customer;
    expect(sessionReq!.body).toEqual({
      mode: 'subscription',
      customer: customerId,
      client_reference_id: user.id,
      line_items: [{ price: ids.basico_monthly, quantity: '1' }],
      success_url: `${APP}/subscription/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${APP}/subscription?checkout=cancelled&period=monthly`,
      locale: 'es',
      allow_promotion_codes: 'true',
      metadata: { userId: user.id, planId: 'basico', period: 'monthly' },
      subscription_data: { metadata: { userId: user.id, planId: 'basico', period: 'monthly' }, default_tax_rates: [ivaRate()], trial_period_days: '14' },
      billing_address_collection: 'required',
      tax_id_collection: { enabled: 'true' },
      customer_update: { name: 'auto', address: 'auto' },
    });
    expect(sessionReq!.headers['idempotency-key']).toMatch(new RegExp(`^checkout-${user.id}-${ids.basico_monthly}-trial-\\d+$`));
  });

  it('when the user clicks checkout twice in the same minute, then both requests carry the same idempotency key and one session is created', async () => {
    const { headers } = await signedIn();
    await awayFromMinuteEnd();
    const first = await checkout(headers, ids.premium_annual);
    const second = await checkout(headers, ids.premium_annual);
    expect(second).toBe(first);
    const keys = fake.requestsTo('POST', '/v1/checkout/sessions').map((r) => r.headers['idempotency-key']).filter((k) => String(k).includes(ids.premium_annual));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    expect([...fake.objects.values()].filter((o) => o.object === 'checkout.session' && o.client_reference_id === fake.get(first).client_reference_id)).toHaveLength(1);
  });

  it('when a user buys the credit package, then Stripe gets a payment session with the credits in its metadata and on the payment intent', async () => {
    const { user, headers } = await signedIn();
    const sessionId = await checkout(headers, ids.credits_500);
    const sent = fake.requestsTo('POST', '/v1/checkout/sessions').at(-1)!;
    expect(sent.body).toMatchObject({
      mode: 'payment',
      line_items: [{ price: ids.credits_500, quantity: '1', tax_rates: [ivaRate()] }],
      client_reference_id: user.id,
      cancel_url: `${APP}/buy-credits?checkout=cancelled`,
      metadata: { userId: user.id, credits: '500' },
      payment_intent_data: { metadata: { userId: user.id, credits: '500' } },
      invoice_creation: { enabled: 'true', invoice_data: { metadata: { userId: user.id, credits: '500' } } },
    });
    expect(sent.body.subscription_data).toBeUndefined();
    expect(fake.get(sessionId)).toMatchObject({ mode: 'payment', amount_total: 2000 });
  });

  it('when a user buys 3 credit packages in one checkout, then the line has quantity 3 and 1,500 credits arrive once, however often Stripe sends the event', async () => {
    const { user, headers } = await signedIn();
    const sessionId = await checkout(headers, ids.credits_500, 3);
    const sent = fake.requestsTo('POST', '/v1/checkout/sessions').at(-1)!;
    expect(sent.body).toMatchObject({ mode: 'payment', line_items: [{ price: ids.credits_500, quantity: '3' }], metadata: { userId: user.id, credits: '1500', packs: '3' } });
    expect(fake.get(sessionId)).toMatchObject({ amount_total: 6000 });
    const { session, invoice } = fake.completeCheckout(sessionId);
    // The purchase's invoice (invoice_creation) charges the one line of quantity 3: 60 €.
    expect(invoice).toMatchObject({ amount_paid: 6000, lines: { data: [{ quantity: 3, amount: 6000 }] } });
    const completed = fake.event('checkout.session.completed', session);
    await deliver(completed);
    await deliver(completed);
    // The same session in a new event (Stripe re-sends under a new id after a failure on its side).
    await deliver(fake.event('checkout.session.completed', session));
    await deliver(fake.event('invoice.paid', invoice!));
    await deliver(fake.event('invoice.paid', invoice!));
    expect((await info(headers)).credits).toMatchObject({ extra: 1500 });
    const payments = (await app.inject({ method: 'GET', url: '/api/payment/payment-history', headers })).json<{ payments: { description: string; amount: number }[] }>().payments;
    expect(payments).toEqual([expect.objectContaining({ amount: 60 })]);
  });

  it('when a checkout asks for 11 packages, or 2 of a plan, then it is refused with 400 and Stripe is not called', async () => {
    const { headers } = await signedIn();
    const before = fake.requestsTo('POST', '/v1/checkout/sessions').length;
    const tooMany = await app.inject({ method: 'POST', url: '/api/payment/create-checkout-session', headers, payload: { priceId: ids.credits_500, quantity: 11 } });
    expect(tooMany.statusCode).toBe(400);
    const twoPlans = await app.inject({ method: 'POST', url: '/api/payment/create-checkout-session', headers, payload: { priceId: ids.basico_monthly, quantity: 2 } });
    expect(twoPlans.statusCode).toBe(400);
    expect(twoPlans.json()).toMatchObject({ code: 'PLAN_QUANTITY' });
    expect(fake.requestsTo('POST', '/v1/checkout/sessions')).toHaveLength(before);
  });

  it('when a subscription follows a cancelled one, then the new checkout asks Stripe for no trial and reuses the customer', async () => {
    const { headers } = await signedIn();
    await subscribe(headers, ids.profesional_monthly);
    expect((await app.inject({ method: 'POST', url: '/api/payment/cancel-subscription-immediately', headers })).statusCode).toBe(200);
    const customersBefore = fake.requestsTo('POST', '/v1/customers').length;
    await checkout(headers, ids.profesional_monthly);
    const sent = fake.requestsTo('POST', '/v1/checkout/sessions').at(-1)!;
    expect(sent.body.subscription_data).toEqual({ metadata: expect.objectContaining({ planId: 'profesional' }), default_tax_rates: [ivaRate()] });
    expect(fake.requestsTo('POST', '/v1/customers')).toHaveLength(customersBefore);
  });

  it('when the user checks a completed checkout, then its status is read from Stripe; a session of another user or unknown to Stripe is not found', async () => {
    const { headers } = await signedIn();
    const sessionId = await checkout(headers, ids.pro_starter_monthly);
    let res = await app.inject({ method: 'GET', url: `/api/payment/checkout-session/${sessionId}`, headers });
    expect(res.json()).toEqual({ id: sessionId, mode: 'subscription', status: 'open', paymentStatus: 'unpaid' });
    fake.completeCheckout(sessionId);
    res = await app.inject({ method: 'GET', url: `/api/payment/checkout-session/${sessionId}`, headers });
    expect(res.json()).toEqual({ id: sessionId, mode: 'subscription', status: 'complete', paymentStatus: 'no_payment_required' });
    expect(fake.requestsTo('GET', `/v1/checkout/sessions/${sessionId}`)).toHaveLength(2);

    const other = await signedIn();
    res = await app.inject({ method: 'GET', url: `/api/payment/checkout-session/${sessionId}`, headers: other.headers });
    expect(res.statusCode).toBe(404);
    res = await app.inject({ method: 'GET', url: '/api/payment/checkout-session/cs_test_unknown', headers });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('No se encontró información de la sesión');
  });

  it('when a customer opens the billing portal, then Stripe creates a portal session returning to the profile', async () => {
    const { headers } = await signedIn();
    const portalsBefore = fake.requestsTo('POST', '/v1/billing_portal/sessions').length;
    const none = await app.inject({ method: 'POST', url: '/api/payment/create-portal-session', headers });
    expect(none.statusCode).toBe(404);
    expect(fake.requestsTo('POST', '/v1/billing_portal/sessions')).toHaveLength(portalsBefore);

    const sessionId = await checkout(headers, ids.basico_annual);
    const res = await app.inject({ method: 'POST', url: '/api/payment/create-portal-session', headers });
    expect(res.statusCode).toBe(200);
    const sent = fake.requestsTo('POST', '/v1/billing_portal/sessions').at(-1)!;
    expect(sent.body).toEqual({ customer: fake.get(sessionId).customer, return_url: `${APP}/profile`, locale: 'es' });
    expect(res.json().url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
  });

  it('when the user cancels at period end and reactivates, then Stripe updates the subscription each time and our state follows', async () => {
    const { headers } = await signedIn();
    const { subscriptionId } = await subscribe(headers, ids.pro_agency_monthly);
    expect((await info(headers)).subscription).toMatchObject({ id: subscriptionId, status: 'trialing', cancelAtPeriodEnd: false });

    expect((await app.inject({ method: 'POST', url: '/api/payment/cancel-subscription', headers })).statusCode).toBe(200);
    const cancel = fake.requestsTo('POST', `/v1/subscriptions/${subscriptionId}`).at(-1)!;
    expect(cancel.body).toEqual({ cancel_at_period_end: 'true' });
    expect(cancel.headers['idempotency-key']).toMatch(new RegExp(`^cancel-${subscriptionId}-\\d+$`));
    expect(fake.get(subscriptionId).cancel_at_period_end).toBe(true);
    expect((await info(headers)).subscription?.cancelAtPeriodEnd).toBe(true);

    expect((await app.inject({ method: 'POST', url: '/api/payment/reactivate-subscription', headers })).statusCode).toBe(200);
    const reactivate = fake.requestsTo('POST', `/v1/subscriptions/${subscriptionId}`).at(-1)!;
    expect(reactivate.body).toEqual({ cancel_at_period_end: 'false' });
    expect(reactivate.headers['idempotency-key']).toMatch(new RegExp(`^reactivate-${subscriptionId}-\\d+$`));
    expect(fake.get(subscriptionId).cancel_at_period_end).toBe(false);
    expect((await info(headers)).subscription?.cancelAtPeriodEnd).toBe(false);
  });

  it('when the user cancels, reactivates and cancels again within a minute, then Stripe really is cancelling at the end', async () => {
    const { headers } = await signedIn();
    const { subscriptionId } = await subscribe(headers, ids.basico_monthly);
    await awayFromMinuteEnd();
    for (const action of ['cancel-subscription', 'reactivate-subscription', 'cancel-subscription']) {
      expect((await app.inject({ method: 'POST', url: `/api/payment/${action}`, headers })).statusCode).toBe(200);
    }
    const keys = fake.requestsTo('POST', `/v1/subscriptions/${subscriptionId}`).map((r) => r.headers['idempotency-key']);
    expect(new Set(keys).size).toBe(3);
    expect(fake.get(subscriptionId).cancel_at_period_end).toBe(true);
    expect((await info(headers)).subscription?.cancelAtPeriodEnd).toBe(true);
  });

  it('when the user cancels immediately, then Stripe deletes the subscription and the user is back on the free plan', async () => {
    const { headers } = await signedIn();
    const { subscriptionId } = await subscribe(headers, ids.premium_monthly);
    const res = await app.inject({ method: 'POST', url: '/api/payment/cancel-subscription-immediately', headers });
    expect(res.statusCode).toBe(200);
    const sent = fake.requestsTo('DELETE', `/v1/subscriptions/${subscriptionId}`);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers['idempotency-key']).toMatch(new RegExp(`^cancelNow-${subscriptionId}-\\d+$`));
    expect(fake.get(subscriptionId).status).toBe('canceled');
    const after = await info(headers);
    expect(after.hasActiveSubscription).toBe(false);
    expect(after.plan.id).toBe('free');
  });

  it('when Stripe refuses a change, then the API answers 500 without Stripe details and our state is unchanged', async () => {
    const { headers } = await signedIn();
    const { subscriptionId } = await subscribe(headers, ids.pro_enterprise_annual);
    fake.objects.delete(subscriptionId);
    const res = await app.inject({ method: 'POST', url: '/api/payment/cancel-subscription', headers });
    expect(res.statusCode).toBe(500);
    expect(res.json().error).toBe('Error interno del servidor.');
    expect((await info(headers)).subscription).toMatchObject({ id: subscriptionId, cancelAtPeriodEnd: false });
  });

  it('when invoices are listed, then Stripe is asked for the customer\'s invoices and they come back newest first in the shape billing reads', async () => {
    const { headers } = await signedIn();
    const { sessionId, subscriptionId } = await subscribe(headers, ids.pro_starter_annual);
    const renewal = fake.renew(subscriptionId, 'paid').invoice;
    const customerId = String(fake.get(sessionId).customer);
    const invoices = await container.payments.listInvoices(customerId, 5);
    const sent = fake.requestsTo('GET', '/v1/invoices').at(-1)!;
    expect(sent.query).toEqual({ customer: customerId, limit: '5' });
    expect(invoices).toHaveLength(2);
    expect(invoices[0]).toMatchObject({ id: renewal.id, amount_paid: 39 * 12 * 100, parent: { subscription_details: { subscription: subscriptionId } } });
    expect(invoices[0]!.lines.data[0]!.pricing?.price_details?.price).toBe(ids.pro_starter_annual);
  });
});
