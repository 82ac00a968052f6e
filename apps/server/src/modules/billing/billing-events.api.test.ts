import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { buildUser } from '../../../test/factories';
import { shuffle } from '../../../test/orders';
import type { EventLike, InvoiceLike, SubscriptionLike } from '../../providers/payments/shapes';
import { processBillingEvent } from './billing-events.service';
import { billingRepository } from './billing.repository';
import { getPaymentHistory, getSubscriptionInfo } from './billing.service';

const DAY = 86_400;
const nowS = Math.floor(Date.now() / 1000);

/** The Stripe events of: a trial checkout, the first paid period, cancel at period end, and a credit purchase. */
function history(customer: string, userId: string, price: string, creditsPrice: string, tag: string): EventLike[] {
  const t0 = nowS - 20 * DAY;
  const trialEnd = t0 + 14 * DAY;
  const periodEnd = trialEnd + 30 * DAY;
  const sub = (status: string, start: number, end: number, cancel: boolean): SubscriptionLike => ({
    id: `sub_${tag}`,
    object: 'subscription',
    customer,
    status,
    cancel_at_period_end: cancel,
    canceled_at: null,
    trial_end: trialEnd,
    metadata: { userId },
    items: { data: [{ id: `si_${tag}`, price: { id: price, unit_amount: 9900, currency: 'eur', recurring: { interval: 'month' } }, current_period_start: start, current_period_end: end }] },
  });
  const invoice = (id: string, amount: number, start: number, end: number): InvoiceLike => ({
    id,
    object: 'invoice',
    customer,
    status: 'paid',
    amount_paid: amount,
    amount_due: amount,
    currency: 'eur',
    created: start,
    billing_reason: amount ? 'subscription_cycle' : 'subscription_create',
    attempt_count: 1,
    next_payment_attempt: null,
    status_transitions: { paid_at: start },
    period_start: start,
    period_end: end,
    parent: { subscription_details: { subscription: `sub_${tag}`, metadata: { userId } } },
    lines: { data: [{ description: 'Plan Agency (mensual)', amount, period: { start, end }, pricing: { price_details: { price } } }] },
  });
  const ev = (n: number, type: string, created: number, object: EventLike['data']['object']): EventLike => ({ id: `evt_${tag}_${n}`, type, created, data: { object } });
  return [
    ev(1, 'checkout.session.completed', t0, {
      id: `cs_${tag}`, object: 'checkout.session', mode: 'subscription', customer, subscription: `sub_${tag}`, payment_status: 'no_payment_required',
      status: 'complete', amount_total: 0, currency: 'eur', created: t0, client_reference_id: userId, metadata: { userId }, url: null,
    }),
    ev(2, 'customer.subscription.created', t0, sub('trialing', t0, trialEnd, false)),
    ev(3, 'invoice.paid', t0, invoice(`in_${tag}_1`, 0, t0, trialEnd)),
    ev(4, 'customer.subscription.updated', trialEnd, sub('active', trialEnd, periodEnd, false)),
    ev(5, 'invoice.paid', trialEnd, invoice(`in_${tag}_2`, 9900, trialEnd, periodEnd)),
    ev(6, 'customer.subscription.updated', nowS - DAY, sub('active', trialEnd, periodEnd, true)),
    ev(7, 'checkout.session.completed', nowS - 2 * DAY, {
      id: `cs_${tag}_credits`, object: 'checkout.session', mode: 'payment', customer, subscription: null, payment_status: 'paid',
      status: 'complete', amount_total: 2000, currency: 'eur', created: nowS - 2 * DAY, client_reference_id: userId, metadata: { userId, credits: '500', price: creditsPrice }, url: null,
    }),
  ];
}

describe('billing events delivered twice and in any order', async () => {
  const { container } = await createTestApp();
  const db = container.database.db;
  const price = container.prices.priceId('pro_agency_monthly')!;
  const creditsPrice = container.prices.priceId('credits_500')!;

  for (const seed of [1, 7, 42, 1234, 98765]) {
    it(`when every event arrives twice in shuffled order (seed ${seed}), then the state is correct and credits are granted once`, async () => {
      const user = await buildUser(container);
      const customer = `cus_${seed}_${user.id.slice(0, 8)}`;
      await billingRepository.insertCustomer(db, { userId: user.id, provider: 'sandbox', customerId: customer });
      const events = history(customer, user.id, price, creditsPrice, `${seed}_${user.id.slice(0, 8)}`);
      const results = [];
      for (const event of shuffle([...events, ...events], seed)) results.push(await processBillingEvent(container, event));
      expect(results.filter((r) => r === 'duplicate')).toHaveLength(events.length);

      const info = await getSubscriptionInfo(container, user.id);
      expect(info.plan.id).toBe('pro_agency');
      expect(info.subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
      // Only the current period's 1,500 plan credits count (the trial's lot has expired), plus the 500 bought.
      expect(info.credits).toMatchObject({ subscription: 1500, extra: 500 });
      const payments = await getPaymentHistory(container, user.id);
      expect(payments.map((p) => p.id).sort()).toEqual([`cs_${seed}_${user.id.slice(0, 8)}_credits`, `in_${seed}_${user.id.slice(0, 8)}_1`, `in_${seed}_${user.id.slice(0, 8)}_2`].sort());
    });
  }
});
