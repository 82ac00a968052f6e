import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { sessions } from '../../../test/sessions';
import type { SandboxPayments } from '../../providers/payments/sandbox';
import { processBillingEvent } from './billing-events.service';

describe('billing through the sandbox provider', async () => {
  const { app, container } = await createTestApp();
  const { signedIn } = sessions(app, container);
  const priceOf = async (planId: string, period: 'monthly' | 'annual'): Promise<string> => {
    const plans = (await app.inject({ method: 'GET', url: '/api/plans' })).json<{ plans: { id: string; subscription_id: string; anual_subscription_id: string }[] }>();
    const plan = plans.plans.find((p) => p.id === planId)!;
    return period === 'annual' ? plan.anual_subscription_id : plan.subscription_id;
  };
  const pay = async (headers: Record<string, string>, priceId: string, outcome = 'pay') => {
    const checkout = await app.inject({ method: 'POST', url: '/api/payment/create-checkout-session', headers, payload: { priceId, planName: 'x' } });
    expect(checkout.statusCode).toBe(200);
    const id = checkout.json().url.split('/sandbox/checkout/')[1];
    const done = await app.inject({ method: 'POST', url: `/api/sandbox/checkout/${id}/complete`, payload: { outcome } });
    expect(done.statusCode).toBe(200);
    return { id, redirectUrl: done.json().redirectUrl as string };
  };

  it('lists the catalogue with sandbox price ids', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/plans' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.provider).toBe('sandbox');
    expect(body.plans).toHaveLength(6);
    expect(body.plans.find((p: { id: string }) => p.id === 'pro_agency').limits.gridSize).toBe(21);
    expect(body.creditPackage).toMatchObject({ credits: 500, price: 20, validityMonths: 12 });
  });

  it('when a user subscribes to Agency annual, then the first subscription is a 14-day trial with the plan credits', async () => {
    const { headers } = await signedIn();
    const priceId = await priceOf('pro_agency', 'annual');
    const checkout = await app.inject({ method: 'POST', url: '/api/payment/create-checkout-session', headers, payload: { priceId, planName: 'Agency (Anual)' } });
    const id = checkout.json().url.split('/sandbox/checkout/')[1];
    const page = await app.inject({ method: 'GET', url: `/api/sandbox/checkout/${id}` });
    expect(page.json()).toMatchObject({ mode: 'subscription', trialDays: 14, amount: 948, description: 'Plan Agency (Anual)' });
    const done = await app.inject({ method: 'POST', url: `/api/sandbox/checkout/${id}/complete`, payload: { outcome: 'pay' } });
    expect(done.json().redirectUrl).toBe(`http://localhost:3000/subscription/success?session_id=${id}`);

    const info = (await app.inject({ method: 'GET', url: '/api/payment/subscription-info', headers })).json();
    expect(info.hasActiveSubscription).toBe(true);
    expect(info.plan).toMatchObject({ id: 'pro_agency', name: 'Agency', type: 'pro' });
    expect(info.subscription).toMatchObject({ status: 'trialing', billingPeriod: 'anual', cancelAtPeriodEnd: false });
    expect(info.credits).toMatchObject({ subscription: 1500, extra: 0 });
    const status = await app.inject({ method: 'GET', url: `/api/payment/checkout-session/${id}`, headers });
    expect(status.json()).toMatchObject({ paymentStatus: 'no_payment_required', status: 'complete' });
  });

  it('when a subscriber buys the credit package, then 500 credits are added once, even if the page is submitted twice', async () => {
    const { headers } = await signedIn();
    await pay(headers, await priceOf('pro_starter', 'monthly'));
    const plans = (await app.inject({ method: 'GET', url: '/api/plans' })).json();
    const { id } = await pay(headers, plans.creditPackage.priceId);
    await app.inject({ method: 'POST', url: `/api/sandbox/checkout/${id}/complete`, payload: { outcome: 'pay' } });
    const info = (await app.inject({ method: 'GET', url: '/api/payment/subscription-info', headers })).json();
    expect(info.credits).toMatchObject({ subscription: 500, extra: 500 });
    const history = (await app.inject({ method: 'GET', url: '/api/payment/payment-history', headers })).json();
    expect(history.payments.map((p: { description: string }) => p.description)).toContain('500 créditos');
  });

  it('when a user buys 4 credit packages in one sandbox checkout, then the page shows one line of quantity 4 for 80 € and 2,000 credits arrive once, even when the event is re-sent', async () => {
    const { user, headers } = await signedIn();
    const plans = (await app.inject({ method: 'GET', url: '/api/plans' })).json();
    const checkout = await app.inject({ method: 'POST', url: '/api/payment/create-checkout-session', headers, payload: { priceId: plans.creditPackage.priceId, quantity: 4 } });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const id = checkout.json().url.split('/sandbox/checkout/')[1];
    expect((await app.inject({ method: 'GET', url: `/api/sandbox/checkout/${id}` })).json()).toMatchObject({ mode: 'payment', description: '4 × 500 créditos', amount: 80 });
    for (let i = 0; i < 2; i++) expect((await app.inject({ method: 'POST', url: `/api/sandbox/checkout/${id}/complete`, payload: { outcome: 'pay' } })).statusCode).toBe(200);
    // The completed session delivered again under a new event id, as a provider's re-send would be.
    const session = await (container.payments as SandboxPayments).getCheckout(id);
    expect(await processBillingEvent(container, { id: `evt_resent_${user.id}`, type: 'checkout.session.completed', created: Math.floor(Date.now() / 1000), data: { object: session! } })).toBe('processed');
    const info = (await app.inject({ method: 'GET', url: '/api/payment/subscription-info', headers })).json();
    expect(info.credits).toMatchObject({ subscription: 0, extra: 2000 });
    const history = (await app.inject({ method: 'GET', url: '/api/payment/payment-history', headers })).json();
    expect(history.payments).toEqual([expect.objectContaining({ description: '2000 créditos', amount: 80 })]);
  });

  it('when the user cancels and reactivates, then cancelAtPeriodEnd follows, and a second cancel is refused', async () => {
    const { headers } = await signedIn();
    await pay(headers, await priceOf('basico', 'monthly'));
    expect((await app.inject({ method: 'POST', url: '/api/payment/cancel-subscription', headers })).statusCode).toBe(200);
    let info = (await app.inject({ method: 'GET', url: '/api/payment/subscription-info', headers })).json();
    expect(info.subscription.cancelAtPeriodEnd).toBe(true);
    expect((await app.inject({ method: 'POST', url: '/api/payment/cancel-subscription', headers })).statusCode).toBe(409);
    expect((await app.inject({ method: 'POST', url: '/api/payment/reactivate-subscription', headers })).statusCode).toBe(200);
    info = (await app.inject({ method: 'GET', url: '/api/payment/subscription-info', headers })).json();
    expect(info.subscription.cancelAtPeriodEnd).toBe(false);
  });

  it('when the user cancels immediately, then the plan returns to free', async () => {
    const { headers } = await signedIn();
    await pay(headers, await priceOf('premium', 'monthly'));
    expect((await app.inject({ method: 'POST', url: '/api/payment/cancel-subscription-immediately', headers })).statusCode).toBe(200);
    const info = (await app.inject({ method: 'GET', url: '/api/payment/subscription-info', headers })).json();
    expect(info.hasActiveSubscription).toBe(false);
    expect(info.plan.id).toBe('free');
  });

  it('when the renewal of a "pay then fail" subscription is simulated, then it goes past due with the failure details', async () => {
    const { headers } = await signedIn();
    await pay(headers, await priceOf('profesional', 'monthly'), 'pay_then_fail_renewal');
    const renewal = await app.inject({ method: 'POST', url: '/api/sandbox/renewal', headers });
    expect(renewal.json().message).toBe('Renovación simulada: el cobro ha fallado.');
    let info = (await app.inject({ method: 'GET', url: '/api/payment/subscription-info', headers })).json();
    expect(info.subscription.status).toBe('past_due');
    expect(info.subscription.lastPaymentFailure).toMatchObject({ attemptCount: 1 });
    expect(info.subscription.lastPaymentFailure.nextAttempt).not.toBeNull();
    await app.inject({ method: 'POST', url: '/api/sandbox/portal/settle', headers });
    info = (await app.inject({ method: 'GET', url: '/api/payment/subscription-info', headers })).json();
    expect(info.subscription.status).toBe('active');
    expect(info.subscription.lastPaymentFailure).toBeNull();
  });

  it('when a failed renewal is settled and the subscription then changes, then the failure the payment cleared does not come back', async () => {
    const { headers } = await signedIn();
    await pay(headers, await priceOf('profesional', 'monthly'), 'pay_then_fail_renewal');
    await app.inject({ method: 'POST', url: '/api/sandbox/renewal', headers });
    await app.inject({ method: 'POST', url: '/api/sandbox/portal/settle', headers });
    // The sandbox fails and settles at once (mostly within the same second): the failed invoice
    // stays failed in the history, and the payment that cleared it is no older than it.
    expect((await app.inject({ method: 'POST', url: '/api/payment/cancel-subscription', headers })).statusCode).toBe(200);
    const info = (await app.inject({ method: 'GET', url: '/api/payment/subscription-info', headers })).json();
    expect(info.subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, lastPaymentFailure: null });
    const history = (await app.inject({ method: 'GET', url: '/api/payment/payment-history', headers })).json<{ payments: { status: string }[] }>();
    expect(history.payments.map((p) => p.status).sort()).toEqual(['failed', 'paid', 'paid']);
  });

  it('when renewals are simulated on demand, then a successful one ends the trial and a failed one makes it past due', async () => {
    const { headers } = await signedIn();
    await pay(headers, await priceOf('pro_agency', 'annual'));
    const info = async () =>
      (await app.inject({ method: 'GET', url: '/api/payment/subscription-info', headers })).json<{ subscription: { status: string } }>();
    expect((await info()).subscription.status).toBe('trialing');
    const ok = await app.inject({ method: 'POST', url: '/api/sandbox/renewal', headers, payload: { outcome: 'success' } });
    expect(ok.json().message).toBe('Renovación simulada: cobro realizado.');
    expect((await info()).subscription.status).toBe('active');
    const failed = await app.inject({ method: 'POST', url: '/api/sandbox/renewal', headers, payload: { outcome: 'failure' } });
    expect(failed.json().message).toBe('Renovación simulada: el cobro ha fallado.');
    expect((await info()).subscription).toMatchObject({ status: 'past_due', lastPaymentFailure: { attemptCount: 1 } });
    const bad = await app.inject({ method: 'POST', url: '/api/sandbox/renewal', headers, payload: { outcome: 'maybe' } });
    expect(bad.statusCode).toBe(400);
  });

  it('when a checkout names an unknown price, then it answers 400 and creates nothing', async () => {
    const { headers } = await signedIn();
    const res = await app.inject({ method: 'POST', url: '/api/payment/create-checkout-session', headers, payload: { priceId: 'price_nope', planName: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('El precio seleccionado no existe.');
  });

  it('when a subscribed user starts a second plan checkout, then it is refused', async () => {
    const { headers } = await signedIn();
    await pay(headers, await priceOf('basico', 'monthly'));
    const res = await app.inject({ method: 'POST', url: '/api/payment/create-checkout-session', headers, payload: { priceId: await priceOf('premium', 'monthly') } });
    expect(res.statusCode).toBe(409);
  });

  it('when a second subscription follows a cancelled one, then it gets no second trial', async () => {
    const { headers } = await signedIn();
    await pay(headers, await priceOf('basico', 'monthly'));
    await app.inject({ method: 'POST', url: '/api/payment/cancel-subscription-immediately', headers });
    const checkout = await app.inject({ method: 'POST', url: '/api/payment/create-checkout-session', headers, payload: { priceId: await priceOf('basico', 'monthly') } });
    const id = checkout.json().url.split('/sandbox/checkout/')[1];
    expect((await app.inject({ method: 'GET', url: `/api/sandbox/checkout/${id}` })).json().trialDays).toBe(0);
  });

  it('refuses payment calls without a session', async () => {
    for (const url of ['/api/payment/subscription-info', '/api/payment/payment-history']) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    expect((await app.inject({ method: 'POST', url: '/api/payment/cancel-subscription' })).statusCode).toBe(401);
  });

  it('when the provider is the sandbox, then the Stripe webhook does not exist', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/payment/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': 'x' }, payload: '{}' });
    expect(res.statusCode).toBe(404);
  });
});
