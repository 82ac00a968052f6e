import Stripe from 'stripe';
import { IVA_PERCENT } from '../../modules/billing/invoice-amounts';
import type { CheckoutInput, PaymentsProvider, PlanChangeInput, PlanChangeQuote, ScheduleChangeInput, ScheduledChange } from './interface';
import type { CheckoutSessionLike, EventLike, InvoiceLike, SubscriptionLike } from './shapes';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Only set in tests, to point the SDK at a local fake of the API. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

/**
 * A Stripe failure as a plain server error: the SDK's errors carry Stripe's HTTP status,
 * which the error handler would otherwise pass on to our client as if the request had
 * been the client's fault. Stripe's own message stays in the log.
 */
async function call<T>(what: string, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (err) {
    if (err instanceof Stripe.errors.StripeError) {
      throw new Error(`Stripe ${what} failed (${err.type}, ${err.statusCode ?? 'no status'}): ${err.message}`, { cause: err });
    }
    throw err;
  }
}

/**
 * The real payment provider, through Stripe's official SDK (the only file that imports
 * it). Stripe's objects already have the shapes billing reads (shapes.ts), so they are
 * passed through as they are; the casts below only narrow fields the SDK types wider.
 */
export class StripePayments implements PaymentsProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(private readonly settings: StripeSettings) {
    this.stripe = new Stripe(settings.secretKey, {
      host: settings.host,
      port: settings.port,
      protocol: settings.protocol,
      // The SDK retries network errors and 409/5xx answers, reusing the idempotency key.
      maxNetworkRetries: 2,
      timeout: 20_000,
    });
  }

  /** Stripe's events arrive signed at the webhook (webhook.routes.ts), which applies them itself. */
  onEvent(): void {}

  /** The id of the IVA tax rate, looked up (or created) once per process. */
  private ivaRate?: Promise<string>;

  /**
   * The 21 % IVA tax rate, inclusive (https://docs.stripe.com/api/tax_rates/create): our prices
   * include IVA, so Stripe charges each price's amount as it is and its invoices itemise the base
   * and the IVA inside it. An active one of the account is reused; otherwise it is created, under
   * a fixed idempotency key so that two processes starting at once create one.
   */
  private ivaTaxRate(): Promise<string> {
    this.ivaRate ??= this.findOrCreateIvaRate().catch((err: unknown) => {
      this.ivaRate = undefined;
      throw err;
    });
    return this.ivaRate;
  }

  private async findOrCreateIvaRate(): Promise<string> {
    const page = await call('taxRates.list', () => this.stripe.taxRates.list({ active: true, inclusive: true, limit: 100 }));
    const existing = page.data.find((r) => r.percentage === IVA_PERCENT && r.country === 'ES' && r.tax_type === 'vat');
    if (existing) return existing.id;
    const created = await call('taxRates.create', () =>
      this.stripe.taxRates.create(
        { display_name: 'IVA', description: 'IVA general de España, incluido en los precios de RankMaps', percentage: IVA_PERCENT, inclusive: true, country: 'ES', jurisdiction: 'ES', tax_type: 'vat' },
        { idempotencyKey: `tax-rate-iva-${IVA_PERCENT}-inclusive` },
      ),
    );
    return created.id;
  }

  async createCustomer(input: { userId: string; email: string; name: string; idempotencyKey: string }): Promise<string> {
    const customer = await call('customers.create', () =>
      this.stripe.customers.create(
        { email: input.email, name: input.name, preferred_locales: ['es'], metadata: { userId: input.userId } },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return customer.id;
  }

  /**
   * A checkout whose every charge is invoiced with the IVA itemised (docs/billing.md, "Invoices"):
   * a subscription takes the inclusive 21 % rate as its default_tax_rates (its first invoice,
   * renewals and prorations), a one-off payment on its line and gets a paid invoice of its own
   * (invoice_creation). The customer's fiscal name, address and tax id, collected by Checkout
   * (https://docs.stripe.com/tax/checkout/tax-ids), are saved on the customer and printed on them.
   */
  async createCheckoutSession(input: CheckoutInput): Promise<{ id: string; url: string }> {
    const metadata = { ...input.metadata, userId: input.userId };
    const taxRate = await this.ivaTaxRate();
    const common = {
      customer: input.customerId,
      client_reference_id: input.userId,
      // Stripe replaces the literal {CHECKOUT_SESSION_ID} in success_url.
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      locale: 'es' as const,
      metadata,
      billing_address_collection: 'required' as const,
      tax_id_collection: { enabled: true },
      customer_update: { name: 'auto' as const, address: 'auto' as const },
    };
    const params: Stripe.Checkout.SessionCreateParams =
      input.mode === 'subscription'
        ? {
            ...common,
            mode: 'subscription',
            line_items: [{ price: input.priceId, quantity: 1 }],
            allow_promotion_codes: true,
            // The subscription carries the user too, so its events can be matched without the session.
            subscription_data: { metadata, default_tax_rates: [taxRate], ...(input.trialDays ? { trial_period_days: input.trialDays } : {}) },
          }
        : {
            ...common,
            mode: 'payment',
            // Several credit packages are one line of quantity N (docs/decisions.md §29.5).
            line_items: [{ price: input.priceId, quantity: input.quantity ?? 1, tax_rates: [taxRate] }],
            payment_intent_data: { metadata },
            invoice_creation: { enabled: true, invoice_data: { metadata } },
          };
    const session = await call('checkout.sessions.create', () => this.stripe.checkout.sessions.create(params, { idempotencyKey: input.idempotencyKey }));
    if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
    return { id: session.id, url: session.url };
  }

  async retrieveCheckoutSession(id: string): Promise<CheckoutSessionLike> {
    const session = await call('checkout.sessions.retrieve', () => this.stripe.checkout.sessions.retrieve(id));
    // mode, payment_status and status are typed as open string unions; Stripe only sends the listed values.
    return session as CheckoutSessionLike;
  }

  async createPortalSession(customerId: string, returnUrl: string): Promise<{ url: string }> {
    const portal = await call('billingPortal.sessions.create', () =>
      this.stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl, locale: 'es' }),
    );
    return { url: portal.url };
  }

  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean, idempotencyKey: string): Promise<SubscriptionLike> {
    return call('subscriptions.update', () =>
      this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel }, { idempotencyKey }),
    );
  }

  async cancelNow(subscriptionId: string, idempotencyKey: string): Promise<SubscriptionLike> {
    return call('subscriptions.cancel', () => this.stripe.subscriptions.cancel(subscriptionId, {}, { idempotencyKey }));
  }

  /** The subscription's one item: a price change must name it, or Stripe adds a second item. */
  private async itemOf(subscriptionId: string) {
    const sub = await call('subscriptions.retrieve', () => this.stripe.subscriptions.retrieve(subscriptionId));
    const item = sub.items.data[0];
    if (!item) throw new Error(`Stripe subscription ${subscriptionId} has no items`);
    return { sub, item };
  }

  /**
   * The prorated amount of an upgrade, from Stripe's preview invoice
   * (https://docs.stripe.com/api/invoices/create_preview): the same parameters as the update,
   * with the proration as of `prorationDate`. `period_end` is the end of the period after the change.
   */
  async previewPlanChange(input: PlanChangeInput): Promise<PlanChangeQuote> {
    const { sub, item } = await this.itemOf(input.subscriptionId);
    const preview = await call('invoices.createPreview', () =>
      this.stripe.invoices.createPreview({
        customer: typeof sub.customer === 'string' ? sub.customer : sub.customer.id,
        subscription: sub.id,
        subscription_details: {
          items: [{ id: item.id, price: input.priceId }],
          proration_behavior: 'always_invoice',
          proration_date: input.prorationDate,
        },
      }),
    );
    const newPeriodEnd = preview.lines.data.find((l) => l.period.end > input.prorationDate)?.period.end ?? item.current_period_end;
    return { amountDue: preview.amount_due, currency: preview.currency, periodEnd: newPeriodEnd };
  }

  /**
   * An upgrade at once (https://docs.stripe.com/billing/subscriptions/upgrade-downgrade):
   * the item's price is replaced, and `always_invoice` bills the proration now
   * (https://docs.stripe.com/billing/subscriptions/prorations). `error_if_incomplete` makes a
   * declined card fail the update instead of leaving the new plan unpaid. No proration_date:
   * a retry with the same idempotency key must send the same parameters.
   */
  async changePlan(input: PlanChangeInput & { idempotencyKey: string }): Promise<SubscriptionLike> {
    const { item } = await this.itemOf(input.subscriptionId);
    // default_tax_rates again: a subscription started before invoices itemised the IVA gets it now.
    const taxRate = await this.ivaTaxRate();
    return call('subscriptions.update', () =>
      this.stripe.subscriptions.update(
        input.subscriptionId,
        { items: [{ id: item.id, price: input.priceId }], proration_behavior: 'always_invoice', payment_behavior: 'error_if_incomplete', default_tax_rates: [taxRate] },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
  }

  /**
   * A move down at the end of the period, through a subscription schedule
   * (https://docs.stripe.com/billing/subscriptions/subscription-schedules/use-cases#downgrading-subscriptions):
   * the schedule is created from the subscription, whose current phase runs to the period's
   * end, then given a second phase at the new price for one interval. `end_behavior: release`
   * leaves the subscription running on its own afterwards, and `proration_behavior: none`
   * charges nothing now: the new price is billed at the renewal. A subscription still held by
   * an earlier schedule (the second phase of a previous move down) reuses it, as Stripe allows
   * one schedule per subscription. Both calls carry the caller's key, so a retry sends the same.
   */
  async scheduleChange(input: ScheduleChangeInput): Promise<ScheduledChange> {
    const { sub, item } = await this.itemOf(input.subscriptionId);
    const attached = sub.schedule ? (typeof sub.schedule === 'string' ? sub.schedule : sub.schedule.id) : undefined;
    const schedule = attached
      ? await call('subscriptionSchedules.retrieve', () => this.stripe.subscriptionSchedules.retrieve(attached))
      : await call('subscriptionSchedules.create', () =>
          this.stripe.subscriptionSchedules.create({ from_subscription: sub.id }, { idempotencyKey: `${input.idempotencyKey}-schedule` }),
        );
    const current = schedule.current_phase ?? { start_date: item.current_period_start, end_date: item.current_period_end };
    const trialEnd = sub.status === 'trialing' && sub.trial_end ? { trial_end: sub.trial_end } : {};
    // Each phase sets the subscription's default tax rates: both keep the IVA rate.
    const default_tax_rates = [await this.ivaTaxRate()];
    const updated = await call('subscriptionSchedules.update', () =>
      this.stripe.subscriptionSchedules.update(
        schedule.id,
        {
          end_behavior: 'release',
          proration_behavior: 'none',
          phases: [
            { items: [{ price: item.price.id, quantity: item.quantity ?? 1 }], start_date: current.start_date, end_date: current.end_date, default_tax_rates, ...trialEnd },
            { items: [{ price: input.priceId, quantity: 1 }], duration: { interval: input.interval, interval_count: 1 }, proration_behavior: 'none', default_tax_rates },
          ],
          metadata: { ...sub.metadata, scheduledPriceId: input.priceId },
        },
        { idempotencyKey: `${input.idempotencyKey}-phases` },
      ),
    );
    const next = updated.phases[1];
    return { scheduleId: updated.id, effectiveAt: next?.start_date ?? current.end_date };
  }

  /**
   * Cancels a scheduled move down by releasing the schedule
   * (https://docs.stripe.com/api/subscription_schedules/release): the subscription keeps its
   * current price and goes on without a schedule. A schedule already released, completed or
   * cancelled has nothing left to undo.
   */
  async releaseSchedule(scheduleId: string, idempotencyKey: string): Promise<void> {
    const schedule = await call('subscriptionSchedules.retrieve', () => this.stripe.subscriptionSchedules.retrieve(scheduleId));
    if (schedule.status !== 'active' && schedule.status !== 'not_started') return;
    await call('subscriptionSchedules.release', () => this.stripe.subscriptionSchedules.release(scheduleId, {}, { idempotencyKey }));
  }

  async listInvoices(customerId: string, limit: number): Promise<InvoiceLike[]> {
    const page = await call('invoices.list', () => this.stripe.invoices.list({ customer: customerId, limit }));
    // lines[].pricing.price_details.price is typed `string | Price` (expandable); unexpanded, it is the id.
    return page.data as InvoiceLike[];
  }

  constructEvent(rawBody: Buffer, signature: string): EventLike {
    const event = this.stripe.webhooks.constructEvent(rawBody, signature, this.settings.webhookSecret);
    // Every event type billing handles carries one of the objects in EventLike; others are ignored.
    return { id: event.id, type: event.type, created: event.created, data: { object: event.data.object as EventLike['data']['object'] } };
  }
}
