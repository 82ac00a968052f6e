import { randomBytes } from 'node:crypto';
import { CREDIT_PACKAGE, annualTotal } from '@rankmaps/shared/plans';
import type { Db } from '../../db/client';
import type { PriceCatalog } from '../../modules/billing/price-catalog';
import type { BillingEventHandler, CheckoutInput, PaymentsProvider, PlanChangeInput, PlanChangeQuote, ScheduleChangeInput, ScheduledChange } from './interface';
import { SandboxStore } from './sandbox-store';
import { type CheckoutSessionLike, type EventLike, type InvoiceLike, type ScheduleLike, type SubscriptionLike, idOf } from './shapes';

/** The sandbox's checkout session: Stripe's fields plus what the sandbox page needs. */
export interface SandboxCheckout extends CheckoutSessionLike {
  success_url: string;
  cancel_url: string;
  price: string;
  /** The line's quantity: credit packages bought together (sessions stored before it have none: 1). */
  quantity?: number;
  trial_days: number;
}

/** The sandbox's subscription schedule: Stripe's fields billing reads, plus the price it moves to and when. */
export interface SandboxSchedule extends ScheduleLike {
  price: string;
  effective_at: number;
}

export type SandboxOutcome = 'pay' | 'decline' | 'pay_then_fail_renewal';

const newId = (prefix: string) => `${prefix}_sbx_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);
const addMonths = (seconds: number, months: number) => {
  const d = new Date(seconds * 1000);
  d.setUTCMonth(d.getUTCMonth() + months);
  return Math.floor(d.getTime() / 1000);
};

/**
 * The local payment provider (default). A checkout page of our own stands in for
 * Stripe's; paying there produces the events Stripe would send, in Stripe's shapes,
 * through the same billing code. It never moves money, and the interface says so.
 */
export class SandboxPayments implements PaymentsProvider {
  readonly name = 'sandbox' as const;
  private readonly store: SandboxStore;
  private dispatch?: BillingEventHandler;
  /** Plan changes by idempotency key, as Stripe keeps them: a repeated key gets the first answer. */
  private readonly planChanges = new Map<string, Promise<SubscriptionLike>>();
  /** Scheduled changes by idempotency key, likewise: a double click schedules once. */
  private readonly scheduledChanges = new Map<string, Promise<ScheduledChange>>();

  constructor(
    db: Db,
    private readonly appUrl: string,
    private readonly prices: PriceCatalog,
  ) {
    this.store = new SandboxStore(db);
  }

  onEvent(handler: BillingEventHandler): void {
    this.dispatch = handler;
  }

  private async emit(type: string, object: EventLike['data']['object']) {
    if (!this.dispatch) throw new Error('sandbox payments: no billing event handler registered');
    await this.dispatch({ id: newId('evt'), type, created: now(), data: { object } });
  }

  /** Amount in cents: a month, a whole year paid upfront, or the credit package. */
  amountOf(priceId: string): number {
    const target = this.prices.resolve(priceId);
    if (!target) throw new Error(`unknown sandbox price ${priceId}`);
    if (target.kind === 'credits') return CREDIT_PACKAGE.price * 100;
    return (target.period === 'annual' ? annualTotal(target.plan) : target.plan.monthlyPrice) * 100;
  }

  async createCustomer(input: { userId: string; email: string; name: string }): Promise<string> {
    const id = newId('cus');
    await this.store.put('customer', { id, email: input.email, name: input.name, metadata: { userId: input.userId } });
    return id;
  }

  async createCheckoutSession(input: CheckoutInput): Promise<{ id: string; url: string }> {
    const id = newId('cs');
    const url = `${this.appUrl}/sandbox/checkout/${id}`;
    const session: SandboxCheckout = {
      id,
      object: 'checkout.session',
      mode: input.mode,
      customer: input.customerId,
      subscription: null,
      payment_status: 'unpaid',
      status: 'open',
      amount_total: input.trialDays ? 0 : this.amountOf(input.priceId) * (input.quantity ?? 1),
      currency: 'eur',
      created: now(),
      client_reference_id: input.userId,
      metadata: { ...input.metadata, userId: input.userId },
      url,
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      price: input.priceId,
      quantity: input.quantity ?? 1,
      trial_days: input.trialDays ?? 0,
    };
    await this.store.put('checkout.session', session);
    return { id, url };
  }

  async retrieveCheckoutSession(id: string): Promise<CheckoutSessionLike> {
    const session = await this.store.get<SandboxCheckout>('checkout.session', id);
    if (!session) throw new Error(`no such checkout session: ${id}`);
    return session;
  }

  async getCheckout(id: string): Promise<SandboxCheckout | undefined> {
    return this.store.get<SandboxCheckout>('checkout.session', id);
  }

  /** What the sandbox checkout page's buttons do. Returns where the browser goes next. */
  async completeCheckout(id: string, outcome: SandboxOutcome): Promise<{ redirectUrl: string }> {
    const session = await this.getCheckout(id);
    if (!session) throw new Error(`no such checkout session: ${id}`);
    if (outcome === 'decline') return { redirectUrl: session.cancel_url };
    const successUrl = session.success_url.replace('{CHECKOUT_SESSION_ID}', id);
    if (session.status === 'complete') return { redirectUrl: successUrl };

    if (session.mode === 'payment') {
      const done = await this.store.put('checkout.session', { ...session, status: 'complete' as const, payment_status: 'paid' as const });
      await this.emit('checkout.session.completed', done);
      return { redirectUrl: successUrl };
    }

    const start = now();
    const target = this.prices.resolve(session.price);
    const periodMonths = target?.kind === 'plan' && target.period === 'annual' ? 12 : 1;
    const trialEnd = session.trial_days ? start + session.trial_days * 86_400 : null;
    const sub: SubscriptionLike = {
      id: newId('sub'),
      object: 'subscription',
      customer: session.customer as string,
      status: trialEnd ? 'trialing' : 'active',
      cancel_at_period_end: false,
      canceled_at: null,
      trial_end: trialEnd,
      metadata: { userId: session.client_reference_id ?? '', failRenewal: outcome === 'pay_then_fail_renewal' ? 'true' : 'false' },
      items: {
        data: [
          {
            id: newId('si'),
            price: { id: session.price, unit_amount: this.amountOf(session.price), currency: 'eur', recurring: { interval: periodMonths === 12 ? 'year' : 'month' } },
            current_period_start: start,
            current_period_end: trialEnd ?? addMonths(start, periodMonths),
          },
        ],
      },
    };
    await this.store.put('subscription', sub);
    const done = await this.store.put('checkout.session', {
      ...session,
      status: 'complete' as const,
      payment_status: trialEnd ? ('no_payment_required' as const) : ('paid' as const),
      subscription: sub.id,
    });
    const invoice = await this.invoiceFor(sub, 'subscription_create', trialEnd ? 0 : this.amountOf(session.price), true);
    await this.emit('checkout.session.completed', done);
    await this.emit('customer.subscription.created', sub);
    await this.emit('invoice.paid', invoice);
    return { redirectUrl: successUrl };
  }

  private async invoiceFor(sub: SubscriptionLike, reason: string, amount: number, paid: boolean, attemptCount = 1): Promise<InvoiceLike> {
    const item = sub.items.data[0]!;
    const target = this.prices.resolve(item.price.id);
    const description = target?.kind === 'plan' ? `Plan ${target.plan.name} (${target.period === 'annual' ? 'anual' : 'mensual'})` : 'Suscripción';
    const created = now();
    const invoice: InvoiceLike = {
      id: newId('in'),
      object: 'invoice',
      customer: sub.customer,
      status: paid ? 'paid' : 'open',
      amount_paid: paid ? amount : 0,
      amount_due: amount,
      currency: 'eur',
      created,
      billing_reason: reason,
      attempt_count: attemptCount,
      next_payment_attempt: paid ? null : created + 3 * 86_400,
      hosted_invoice_url: null,
      invoice_pdf: null,
      status_transitions: { paid_at: paid ? created : null },
      period_start: item.current_period_start,
      period_end: item.current_period_end,
      parent: { subscription_details: { subscription: sub.id, metadata: sub.metadata } },
      lines: {
        data: [{ description, amount, period: { start: item.current_period_start, end: item.current_period_end }, pricing: { price_details: { price: item.price.id } } }],
      },
    };
    return this.store.put('invoice', invoice);
  }

  private async getSubscription(id: string): Promise<SubscriptionLike> {
    const sub = await this.store.get<SubscriptionLike>('subscription', id);
    if (!sub) throw new Error(`no such subscription: ${id}`);
    return sub;
  }

  /**
   * Simulates the next renewal now. It fails when asked to, or, by default, when the
   * subscription was paid with "pay now, fail the renewal": the invoice fails and the
   * subscription goes past due.
   */
  async simulateRenewal(subscriptionId: string, outcome?: 'success' | 'failure'): Promise<SubscriptionLike> {
    const sub = await this.getSubscription(subscriptionId);
    // A scheduled move down takes effect at the renewal: the new period is at the new price,
    // and the schedule, done, releases the subscription (as Stripe's does with end_behavior release).
    const schedule = await this.activeSchedule(sub);
    const current = sub.items.data[0]!;
    const item = schedule ? { ...current, price: this.priceOf(schedule.price) } : current;
    const months = item.price.recurring?.interval === 'year' ? 12 : 1;
    const start = current.current_period_end;
    const renewed: SubscriptionLike = {
      ...sub,
      schedule: null,
      items: { data: [{ ...item, current_period_start: start, current_period_end: addMonths(start, months) }] },
    };
    if (schedule) {
      await this.store.put('subscription_schedule', { ...schedule, status: 'released', subscription: null, released_subscription: sub.id });
    }
    if (outcome === 'failure' || (outcome === undefined && sub.metadata.failRenewal === 'true')) {
      const pastDue = { ...renewed, status: 'past_due' };
      await this.store.put('subscription', pastDue);
      const invoice = await this.invoiceFor(pastDue, 'subscription_cycle', item.price.unit_amount ?? 0, false);
      await this.emit('invoice.payment_failed', invoice);
      await this.emit('customer.subscription.updated', pastDue);
      return pastDue;
    }
    const active = { ...renewed, status: 'active', trial_end: null };
    await this.store.put('subscription', active);
    const invoice = await this.invoiceFor(active, 'subscription_cycle', item.price.unit_amount ?? 0, true);
    await this.emit('customer.subscription.updated', active);
    await this.emit('invoice.paid', invoice);
    return active;
  }

  private priceOf(priceId: string): SubscriptionLike['items']['data'][number]['price'] {
    const target = this.prices.resolve(priceId);
    const interval = target?.kind === 'plan' && target.period === 'annual' ? 'year' : 'month';
    return { id: priceId, unit_amount: this.amountOf(priceId), currency: 'eur', recurring: { interval } };
  }

  private async activeSchedule(sub: SubscriptionLike): Promise<SandboxSchedule | undefined> {
    const id = idOf(sub.schedule);
    const schedule = id ? await this.store.get<SandboxSchedule>('subscription_schedule', id) : undefined;
    return schedule?.status === 'active' ? schedule : undefined;
  }

  /**
   * A move down at the end of the period, held as a schedule like Stripe's: nothing changes or
   * is charged now; the renewal (simulateRenewal) switches the price and releases the schedule.
   */
  async scheduleChange(input: ScheduleChangeInput): Promise<ScheduledChange> {
    const earlier = this.scheduledChanges.get(input.idempotencyKey);
    if (earlier) return earlier;
    const change = this.createSchedule(input);
    this.scheduledChanges.set(input.idempotencyKey, change);
    change.catch(() => this.scheduledChanges.delete(input.idempotencyKey));
    return change;
  }

  private async createSchedule(input: ScheduleChangeInput): Promise<ScheduledChange> {
    const sub = await this.getSubscription(input.subscriptionId);
    const at = sub.items.data[0]!.current_period_end;
    // Stripe allows one schedule per subscription: a new move down replaces what it held.
    const previous = await this.activeSchedule(sub);
    const schedule: SandboxSchedule = previous
      ? { ...previous, price: input.priceId, effective_at: at }
      : { id: newId('sub_sched'), object: 'subscription_schedule', status: 'active', subscription: sub.id, released_subscription: null, price: input.priceId, effective_at: at };
    await this.store.put('subscription_schedule', schedule);
    const attached = { ...sub, schedule: schedule.id };
    await this.store.put('subscription', attached);
    await this.emit('customer.subscription.updated', attached);
    return { scheduleId: schedule.id, effectiveAt: at };
  }

  async releaseSchedule(scheduleId: string): Promise<void> {
    const schedule = await this.store.get<SandboxSchedule>('subscription_schedule', scheduleId);
    if (schedule?.status !== 'active') return;
    const subscriptionId = idOf(schedule.subscription)!;
    const released: SandboxSchedule = { ...schedule, status: 'released', subscription: null, released_subscription: subscriptionId };
    await this.store.put('subscription_schedule', released);
    const sub = { ...(await this.getSubscription(subscriptionId)), schedule: null };
    await this.store.put('subscription', sub);
    await this.emit('subscription_schedule.released', released);
    await this.emit('customer.subscription.updated', sub);
  }

  /** The sandbox billing portal's "update card": pays what is due and reactivates. */
  async settlePastDue(customerId: string): Promise<void> {
    const subs = await this.store.list<SubscriptionLike>('subscription', 'customer', customerId);
    for (const sub of subs.filter((s) => s.status === 'past_due')) {
      const active = { ...sub, status: 'active', metadata: { ...sub.metadata, failRenewal: 'false' } };
      await this.store.put('subscription', active);
      const invoice = await this.invoiceFor(active, 'subscription_cycle', sub.items.data[0]?.price.unit_amount ?? 0, true);
      await this.emit('customer.subscription.updated', active);
      await this.emit('invoice.paid', invoice);
    }
  }

  async createPortalSession(customerId: string, returnUrl: string): Promise<{ url: string }> {
    return { url: `${this.appUrl}/sandbox/portal?customer=${encodeURIComponent(customerId)}&return=${encodeURIComponent(returnUrl)}` };
  }

  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<SubscriptionLike> {
    const sub = { ...(await this.getSubscription(subscriptionId)), cancel_at_period_end: cancel };
    await this.store.put('subscription', sub);
    await this.emit('customer.subscription.updated', sub);
    return sub;
  }

  async cancelNow(subscriptionId: string): Promise<SubscriptionLike> {
    const current = await this.getSubscription(subscriptionId);
    // Cancelling a subscription cancels the schedule that manages it, as at Stripe.
    const schedule = await this.activeSchedule(current);
    if (schedule) await this.store.put('subscription_schedule', { ...schedule, status: 'canceled' });
    const sub = { ...current, status: 'canceled', canceled_at: now(), cancel_at_period_end: false, schedule: null };
    await this.store.put('subscription', sub);
    await this.emit('customer.subscription.deleted', sub);
    return sub;
  }

  /**
   * Stripe's proration for an upgrade with `proration_behavior: 'always_invoice'`: on the same
   * interval the period stays and the rest of it is charged at the new price minus the unused
   * part of the old; a change of interval (monthly ↔ annual) starts a new period now, charged
   * in full minus that unused part. During a trial nothing is charged and the trial goes on.
   */
  private quote(sub: SubscriptionLike, input: PlanChangeInput): PlanChangeQuote & { periodStart: number; interval: string } {
    const item = sub.items.data[0]!;
    const target = this.prices.resolve(input.priceId);
    const interval = target?.kind === 'plan' && target.period === 'annual' ? 'year' : 'month';
    const newAmount = this.amountOf(input.priceId);
    const oldAmount = item.price.unit_amount ?? 0;
    const { current_period_start: start, current_period_end: end } = item;
    if (sub.status === 'trialing') return { amountDue: 0, currency: 'eur', periodStart: start, periodEnd: end, interval };
    const at = Math.min(Math.max(input.prorationDate, start), end);
    const unused = end > start ? (end - at) / (end - start) : 0;
    const credit = Math.round(oldAmount * unused);
    if (interval === item.price.recurring?.interval) {
      return { amountDue: Math.max(0, Math.round(newAmount * unused) - credit), currency: 'eur', periodStart: start, periodEnd: end, interval };
    }
    return { amountDue: Math.max(0, newAmount - credit), currency: 'eur', periodStart: at, periodEnd: addMonths(at, interval === 'year' ? 12 : 1), interval };
  }

  async previewPlanChange(input: PlanChangeInput): Promise<PlanChangeQuote> {
    const { amountDue, currency, periodEnd } = this.quote(await this.getSubscription(input.subscriptionId), input);
    return { amountDue, currency, periodEnd };
  }

  async changePlan(input: PlanChangeInput & { idempotencyKey: string }): Promise<SubscriptionLike> {
    const earlier = this.planChanges.get(input.idempotencyKey);
    if (earlier) return earlier;
    const change = this.applyPlanChange(input);
    this.planChanges.set(input.idempotencyKey, change);
    change.catch(() => this.planChanges.delete(input.idempotencyKey));
    return change;
  }

  private async applyPlanChange(input: PlanChangeInput): Promise<SubscriptionLike> {
    const sub = await this.getSubscription(input.subscriptionId);
    const item = sub.items.data[0]!;
    // Already on that price (a second tab): Stripe changes nothing and charges nothing.
    if (item.price.id === input.priceId) return sub;
    const q = this.quote(sub, input);
    const changed: SubscriptionLike = {
      ...sub,
      items: {
        data: [
          {
            ...item,
            price: { id: input.priceId, unit_amount: this.amountOf(input.priceId), currency: 'eur', recurring: { interval: q.interval } },
            current_period_start: q.periodStart,
            current_period_end: q.periodEnd,
          },
        ],
      },
    };
    await this.store.put('subscription', changed);
    await this.emit('customer.subscription.updated', changed);
    if (q.amountDue > 0) await this.emit('invoice.paid', await this.invoiceFor(changed, 'subscription_update', q.amountDue, true));
    return changed;
  }

  async listInvoices(customerId: string, limit: number): Promise<InvoiceLike[]> {
    const invoices = await this.store.list<InvoiceLike>('invoice', 'customer', customerId);
    return invoices.sort((a, b) => b.created - a.created).slice(0, limit);
  }

  constructEvent(): EventLike {
    throw new Error('the sandbox sends no webhooks');
  }
}
