import { describe, expect, it } from 'vitest';
import type { PaymentItem, SubscriptionInfo } from '@rankmaps/shared/schemas/billing';
import { sessions } from '../../../test/sessions';
import { type FakeStripe, signedDelivery } from '../../../test/fake-stripe';
import { checkoutSession, createStripeTestApp } from '../../../test/stripe-app';

type StripeEvent = ReturnType<FakeStripe['event']>;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

describe('POST /api/payment/webhook: Stripe events, signed, applied once', async () => {
  const { app, container, fake, ids } = await createStripeTestApp();

  const { signedIn } = sessions(app, container);
  const checkout = (headers: Record<string, string>, priceId: string) => checkoutSession(app, fake, headers, priceId);
  const post = (delivery: { headers: Record<string, string>; payload: string }) => app.inject({ method: 'POST', url: '/api/payment/webhook', ...delivery });
  const deliver = async (event: StripeEvent) => {
    const res = await post(signedDelivery(JSON.stringify(event)));
    expect(res.statusCode).toBe(200);
    return res.json<{ received: boolean; result: 'processed' | 'duplicate' }>();
  };
  const info = async (headers: Record<string, string>) => (await app.inject({ method: 'GET', url: '/api/payment/subscription-info', headers })).json<SubscriptionInfo>();
  const history = async (headers: Record<string, string>) => (await app.inject({ method: 'GET', url: '/api/payment/payment-history', headers })).json<{ payments: PaymentItem[] }>().payments;
  /** A paid plan checkout whose subscription Stripe has told us about. */
  const subscribed = async (headers: Record<string, string>, priceId: string) => {
    const { subscription, invoice } = fake.completeCheckout(await checkout(headers, priceId));
    await deliver(fake.event('customer.subscription.created', subscription!));
    return { subscription: subscription!, invoice: invoice! };
  };

  it('when checkout.session.completed arrives for a subscription, then it is acknowledged and grants nothing by itself', async () => {
    const { headers } = await signedIn();
    const { session } = fake.completeCheckout(await checkout(headers, ids.pro_agency_monthly));
    expect(await deliver(fake.event('checkout.session.completed', session))).toEqual({ received: true, result: 'processed' });
    const after = await info(headers);
    expect(after.hasActiveSubscription).toBe(false);
    expect(after.credits).toMatchObject({ subscription: 0, extra: 0 });
    expect(await history(headers)).toEqual([]);
  });

  it('when checkout.session.completed and its invoice.paid arrive for a paid credit package, then 500 credits valid for 12 months and the payment, with Stripe\'s invoice, are recorded', async () => {
    const { headers } = await signedIn();
    const { session, invoice } = fake.completeCheckout(await checkout(headers, ids.credits_500));
    await deliver(fake.event('checkout.session.completed', session));
    expect((await info(headers)).credits).toMatchObject({ subscription: 0, extra: 500 });
    // Checkout invoiced the purchase (invoice_creation): the payment is the invoice, recorded by its invoice.paid.
    await deliver(fake.event('invoice.paid', invoice!));
    expect((await info(headers)).credits).toMatchObject({ subscription: 0, extra: 500 });
    expect(await history(headers)).toEqual([
      expect.objectContaining({ id: invoice!.id, description: '500 créditos', status: 'paid', amount: 20, currency: 'eur', invoice: expect.objectContaining({ number: invoice!.number, providerPdfUrl: invoice!.invoice_pdf }) }),
    ]);
  });

  it('when a credit package is paid by a delayed method, then credits wait for checkout.session.async_payment_succeeded', async () => {
    const { headers } = await signedIn();
    const sessionId = await checkout(headers, ids.credits_500);
    const { session } = fake.completeCheckout(sessionId, { asyncPayment: true });
    await deliver(fake.event('checkout.session.completed', session));
    expect((await info(headers)).credits.extra).toBe(0);
    await deliver(fake.event('checkout.session.async_payment_succeeded', fake.settleAsyncPayment(sessionId)));
    expect((await info(headers)).credits.extra).toBe(500);
  });

  it('when customer.subscription.created arrives, then the user has the plan, in trial, with Stripe\'s period and price', async () => {
    const { headers } = await signedIn();
    const { subscription } = await subscribed(headers, ids.pro_agency_annual);
    const item = (subscription.items as { data: { current_period_start: number; current_period_end: number }[] }).data[0]!;
    const after = await info(headers);
    expect(after.hasActiveSubscription).toBe(true);
    expect(after.plan).toMatchObject({ id: 'pro_agency', name: 'Agency', type: 'pro' });
    expect(after.subscription).toMatchObject({
      id: subscription.id,
      status: 'trialing',
      billingPeriod: 'anual',
      amount: 79 * 12,
      currency: 'eur',
      cancelAtPeriodEnd: false,
      currentPeriodStart: iso(item.current_period_start),
      currentPeriodEnd: iso(item.current_period_end),
      trialEnd: iso(Number(subscription.trial_end)),
    });
  });

  it('when customer.subscription.updated arrives, then the change is applied, and an older update delivered late is ignored', async () => {
    const { headers } = await signedIn();
    const { subscription } = await subscribed(headers, ids.profesional_monthly);
    const older = fake.event('customer.subscription.updated', subscription, Math.floor(Date.now() / 1000) - 60);
    // The customer cancels in Stripe's billing portal.
    subscription.cancel_at_period_end = true;
    await deliver(fake.event('customer.subscription.updated', subscription, Math.floor(Date.now() / 1000) + 1));
    expect((await info(headers)).subscription?.cancelAtPeriodEnd).toBe(true);
    expect(await deliver(older)).toEqual({ received: true, result: 'processed' });
    expect((await info(headers)).subscription?.cancelAtPeriodEnd).toBe(true);
  });

  it('when customer.subscription.deleted arrives, then the user is back on the free plan', async () => {
    const { headers } = await signedIn();
    const { subscription } = await subscribed(headers, ids.basico_monthly);
    Object.assign(subscription, { status: 'canceled', canceled_at: Math.floor(Date.now() / 1000), ended_at: Math.floor(Date.now() / 1000) });
    await deliver(fake.event('customer.subscription.deleted', subscription, Math.floor(Date.now() / 1000) + 1));
    const after = await info(headers);
    expect(after.hasActiveSubscription).toBe(false);
    expect(after.plan.id).toBe('free');
    expect(after.subscription).toBeNull();
  });

  it('when invoice.paid arrives, then the plan credits are granted for the period, reset by the next one, and the payment is in the history', async () => {
    const { headers } = await signedIn();
    const { subscription, invoice } = await subscribed(headers, ids.pro_starter_monthly);
    await deliver(fake.event('invoice.paid', invoice));
    expect((await info(headers)).credits).toMatchObject({ subscription: 500, planMonthly: 500 });

    const renewal = fake.renew(subscription.id, 'paid');
    await deliver(fake.event('customer.subscription.updated', renewal.subscription, Math.floor(Date.now() / 1000) + 1));
    await deliver(fake.event('invoice.paid', renewal.invoice));
    const after = await info(headers);
    expect(after.credits.subscription).toBe(500);
    expect(after.subscription?.lastPaymentDate).not.toBeNull();
    const payments = await history(headers);
    expect(payments.map((p: { id: string }) => p.id).sort()).toEqual([invoice.id, renewal.invoice.id].sort());
    expect(payments.find((p: { id: string }) => p.id === renewal.invoice.id)).toMatchObject({
      status: 'paid',
      amount: 49,
      invoiceUrl: renewal.invoice.hosted_invoice_url,
      invoicePdf: renewal.invoice.invoice_pdf,
    });
  });

  it('when invoice.payment_failed arrives, then the subscription shows the failure with its attempt count and next retry, and the failed payment is listed', async () => {
    const { headers } = await signedIn();
    const { subscription, invoice } = await subscribed(headers, ids.premium_monthly);
    await deliver(fake.event('invoice.paid', invoice));
    const renewal = fake.renew(subscription.id, 'failed');
    const failed = fake.event('invoice.payment_failed', renewal.invoice, Math.floor(Date.now() / 1000) + 1);
    await deliver(failed);
    await deliver(fake.event('customer.subscription.updated', renewal.subscription, Math.floor(Date.now() / 1000) + 1));
    let after = await info(headers);
    expect(after.subscription?.status).toBe('past_due');
    expect(after.hasActiveSubscription).toBe(true);
    expect(after.subscription?.lastPaymentFailure).toEqual({ failedAt: iso(failed.created), attemptCount: 1, nextAttempt: iso(Number(renewal.invoice.next_payment_attempt)) });
    expect((await history(headers)).find((p: { id: string }) => p.id === renewal.invoice.id)).toMatchObject({ status: 'failed', amount: 99 });

    // Stripe's second attempt fails too.
    Object.assign(renewal.invoice, { attempt_count: 2, next_payment_attempt: Number(renewal.invoice.next_payment_attempt) + 5 * 86_400 });
    await deliver(fake.event('invoice.payment_failed', renewal.invoice, failed.created + 2));
    after = await info(headers);
    expect(after.subscription?.lastPaymentFailure).toMatchObject({ attemptCount: 2, nextAttempt: iso(Number(renewal.invoice.next_payment_attempt)) });
  });

  it('when the same event is delivered twice, then it is applied once and the second delivery is reported as a duplicate', async () => {
    const { headers } = await signedIn();
    const { invoice } = await subscribed(headers, ids.pro_agency_monthly);
    const paid = fake.event('invoice.paid', invoice);
    expect(await deliver(paid)).toMatchObject({ result: 'processed' });
    expect(await deliver(paid)).toMatchObject({ result: 'duplicate' });
    const purchase = fake.completeCheckout(await checkout(headers, ids.credits_500));
    const credits = fake.event('checkout.session.completed', purchase.session);
    const creditsInvoice = fake.event('invoice.paid', purchase.invoice!);
    for (const event of [credits, creditsInvoice, credits, creditsInvoice]) await deliver(event);
    expect((await info(headers)).credits).toMatchObject({ subscription: 1500, extra: 500 });
    expect(await history(headers)).toHaveLength(2);
  });

  it('when the signature does not match (other secret, altered body or too old), then it answers 400 and nothing changes', async () => {
    const { headers } = await signedIn();
    const event = fake.event('checkout.session.completed', fake.completeCheckout(await checkout(headers, ids.credits_500)).session);
    const body = JSON.stringify(event);
    const altered = signedDelivery(body);
    altered.payload = body.replace('"500"', '"5000"');
    for (const delivery of [signedDelivery(body, { secret: 'whsec_other' }), altered, signedDelivery(body, { timestamp: Math.floor(Date.now() / 1000) - 600 })]) {
      const res = await post(delivery);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('Firma del webhook no válida.');
    }
    expect((await info(headers)).credits.extra).toBe(0);
    // The refused deliveries were not recorded: Stripe's retry, correctly signed, is applied.
    expect(await deliver(event)).toMatchObject({ result: 'processed' });
    expect((await info(headers)).credits.extra).toBe(500);
  });

  it('when the signature header is missing, then it answers 400 and nothing changes', async () => {
    const { headers } = await signedIn();
    const event = fake.event('checkout.session.completed', fake.completeCheckout(await checkout(headers, ids.credits_500)).session);
    const res = await app.inject({ method: 'POST', url: '/api/payment/webhook', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(event) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Firma del webhook ausente.');
    expect((await info(headers)).credits.extra).toBe(0);
  });

  it('when the body is formatted differently from what JSON.stringify would give, then the signature is still checked on the exact bytes received', async () => {
    const { headers } = await signedIn();
    const event = fake.event('checkout.session.completed', fake.completeCheckout(await checkout(headers, ids.credits_500)).session);
    const res = await post(signedDelivery(JSON.stringify(event, null, 3) + '\n'));
    expect(res.statusCode).toBe(200);
    expect((await info(headers)).credits.extra).toBe(500);
  });
});
