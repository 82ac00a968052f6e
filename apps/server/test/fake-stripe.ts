import { randomBytes } from 'node:crypto';
import { type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { ALL_PRICE_KEYS, CREDIT_PACKAGE, CREDITS_PRICE_KEY, type PriceKey, annualTotal, getPlan } from '@rankmaps/shared/plans';
import { type FakeTaxRate, createTaxRate, invoiceTaxes, matchesTaxRateFilter } from './fake-stripe-tax';

/**
 * A local stand-in for Stripe's API, for tests: the Stripe SDK is pointed at it through
 * its host/port/protocol options. It speaks Stripe's wire protocol (form-encoded
 * requests, JSON answers shaped like Stripe's objects for API 2025-03-31 and later,
 * Stripe-style errors, Idempotency-Key replay), records every request, and simulates
 * what happens on Stripe's side (a customer paying, a renewal) so tests can deliver
 * the resulting webhook events.
 */

export const TEST_SECRET_KEY = 'sk_test_x';
export const TEST_WEBHOOK_SECRET = 'whsec_test';

/** A form-encoded body decoded the way Stripe reads it: `a[b][0][c]=v` → {a:{b:[{c:'v'}]}}. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormBody = { [key: string]: FormValue };

export interface RecordedRequest {
  method: string;
  path: string;
  query: FormBody;
  body: FormBody;
  headers: IncomingHttpHeaders;
}

export interface FakePrice {
  unit_amount: number;
  /** null for a one-time price (the credit package). */
  interval: 'month' | 'year' | null;
}

type StripeObject = { id: string; object: string; [key: string]: unknown };

/** What a customer types on Checkout's page: the business name, billing address and tax id. */
export interface CustomerDetails {
  name: string;
  address: { line1: string; postal_code: string; city: string; state?: string; country: string };
  taxId?: { type: string; value: string };
}
type ItemLike = { id: string; current_period_start: number; current_period_end: number; price: { id: string; unit_amount: number; recurring: { interval: string } } };

interface Stored {
  method: string;
  path: string;
  rawBody: string;
  status: number;
  body: unknown;
}

class StripeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const missing = (kind: string, id: string, param = 'id') =>
  new StripeHttpError(param === 'id' ? 404 : 400, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing', param);
const required = (param: string) => new StripeHttpError(400, 'invalid_request_error', `Missing required param: ${param}.`, 'parameter_missing', param);
const addMonths = (seconds: number, months: number) => {
  const d = new Date(seconds * 1000);
  d.setUTCMonth(d.getUTCMonth() + months);
  return Math.floor(d.getTime() / 1000);
};

export function parseForm(text: string): FormBody {
  const root: FormBody = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const [head = '', ...rest] = key.split('[');
    const path = [head, ...rest.map((s) => s.replace(/\]$/, ''))];
    let node: FormBody | FormValue[] = root;
    path.forEach((segment, i) => {
      const last = i === path.length - 1;
      const slot = Array.isArray(node) ? Number(segment) : segment;
      const container = node as Record<string | number, FormValue>;
      if (last) {
        container[slot] = value;
        return;
      }
      container[slot] ??= /^\d+$/.test(path[i + 1] ?? '') ? [] : {};
      node = container[slot] as FormBody | FormValue[];
    });
  }
  return root;
}

const str = (v: FormValue | undefined): string | undefined => (typeof v === 'string' ? v : undefined);
const obj = (v: FormValue | undefined): FormBody => (v && typeof v === 'object' && !Array.isArray(v) ? v : {});
const strings = (v: FormValue | undefined): Record<string, string> =>
  Object.fromEntries(Object.entries(obj(v)).filter((e): e is [string, string] => typeof e[1] === 'string'));
const list = (data: unknown[], url: string) => ({ object: 'list', data, has_more: false, url });

export class FakeStripe {
  readonly requests: RecordedRequest[] = [];
  readonly objects = new Map<string, StripeObject>();
  private readonly idempotent = new Map<string, Stored>();
  /** What a checkout session asked for that Stripe keeps internally, to complete it later. */
  private readonly checkoutRequests = new Map<
    string,
    { price: string; quantity: number; trialDays: number; subscriptionMetadata: Record<string, string>; defaultTaxRates: FakeTaxRate[]; lineTaxRates: FakeTaxRate[]; invoiceMetadata: Record<string, string> | null }
  >();
  /** The tax ids each customer gave at checkout (tax_id_collection), as their invoices print them. */
  private readonly customerTaxIds = new Map<string, { type: string; value: string }[]>();
  private server: Server | undefined;
  port = 0;

  constructor(
    readonly prices: Record<string, FakePrice>,
    readonly secretKey = TEST_SECRET_KEY,
  ) {}

  async start(): Promise<number> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this.port;
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    server.closeAllConnections();
    await new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
  }

  /** Requests to one endpoint, e.g. requestsTo('POST', '/v1/checkout/sessions'). */
  requestsTo(method: string, path: string | RegExp): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)));
  }

  get<T extends StripeObject>(id: string): T {
    const found = this.objects.get(id);
    if (!found) throw new Error(`fake Stripe has no object ${id}`);
    return found as T;
  }

  private put<T extends StripeObject>(o: T): T {
    this.objects.set(o.id, o);
    return o;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const recorded: RecordedRequest = { method, path: url.pathname, query: parseForm(url.search.slice(1)), body: parseForm(rawBody), headers: req.headers };
    this.requests.push(recorded);

    const send = (status: number, body: unknown, replayed = false) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': `req_${randomBytes(7).toString('hex')}`,
        'stripe-version': String(req.headers['stripe-version'] ?? ''),
        ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
      });
      res.end(JSON.stringify(body));
    };

    if (req.headers.authorization !== `Bearer ${this.secretKey}`) {
      send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
      return;
    }
    // Stripe keeps the first answer to a key and replays it; the same key with other parameters is an error.
    const key = method !== 'GET' ? req.headers['idempotency-key'] : undefined;
    const previous = typeof key === 'string' ? this.idempotent.get(key) : undefined;
    if (previous) {
      if (previous.method !== method || previous.path !== url.pathname || previous.rawBody !== rawBody) {
        send(400, { error: { type: 'idempotency_error', message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${String(key)}' if you meant to execute a different request.` } });
      } else {
        send(previous.status, previous.body, true);
      }
      return;
    }
    let status = 200;
    let body: unknown;
    try {
      body = this.route(method, url.pathname, recorded);
    } catch (err) {
      const e = err instanceof StripeHttpError ? err : new StripeHttpError(500, 'api_error', `fake Stripe failed: ${String(err)}`);
      status = e.status;
      body = { error: { type: e.type, message: e.message, ...(e.code ? { code: e.code } : {}), ...(e.param ? { param: e.param } : {}) } };
    }
    if (typeof key === 'string') this.idempotent.set(key, { method, path: url.pathname, rawBody, status, body });
    send(status, body);
  }

  private route(method: string, path: string, req: RecordedRequest): unknown {
    const [, v1, a, b, c] = path.split('/');
    if (v1 !== 'v1') throw new StripeHttpError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
    if (method === 'POST' && a === 'customers' && !b) return this.createCustomer(req.body);
    if (method === 'POST' && a === 'checkout' && b === 'sessions' && !c) return this.createCheckoutSession(req.body);
    if (method === 'GET' && a === 'checkout' && b === 'sessions' && c) return this.find('checkout.session', c);
    if (method === 'POST' && a === 'billing_portal' && b === 'sessions' && !c) return this.createPortalSession(req.body);
    if (method === 'GET' && a === 'subscriptions' && b) return this.find('subscription', b);
    if (method === 'POST' && a === 'subscriptions' && b) return this.updateSubscription(b, req.body);
    if (method === 'POST' && a === 'invoices' && b === 'create_preview') return this.previewInvoice(req.body);
    if (method === 'DELETE' && a === 'subscriptions' && b) return this.cancelSubscription(b);
    if (method === 'POST' && a === 'subscription_schedules' && !b) return this.createSchedule(req.body);
    if (method === 'GET' && a === 'subscription_schedules' && b && !c) return this.find('subscription_schedule', b);
    if (method === 'POST' && a === 'subscription_schedules' && b && !c) return this.updateSchedule(b, req.body);
    if (method === 'POST' && a === 'subscription_schedules' && b && c === 'release') return this.releaseSchedule(b);
    if (method === 'GET' && a === 'invoices' && !b) return this.listInvoices(req.query);
    if (method === 'GET' && a === 'tax_rates' && !b) return this.listTaxRates(req.query);
    if (method === 'POST' && a === 'tax_rates' && !b) return this.createTaxRate(req.body);
    throw new StripeHttpError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  private find(kind: string, id: string, param = 'id'): StripeObject {
    const found = this.objects.get(id);
    if (!found || found.object !== kind) throw missing(kind, id, param);
    return found;
  }

  // --- Tax rates (https://docs.stripe.com/api/tax_rates) ---

  private createTaxRate(body: FormBody) {
    const rate = createTaxRate({ ...strings(body), metadata: strings(body.metadata) });
    if ('missing' in rate) throw required(rate.missing);
    return this.put(rate);
  }

  private listTaxRates(query: FormBody) {
    const rates = [...this.objects.values()].filter((o): o is FakeTaxRate & StripeObject => o.object === 'tax_rate' && matchesTaxRateFilter(o as unknown as FakeTaxRate, strings(query)));
    return list(rates.slice(0, Number(str(query.limit) ?? 10)), '/v1/tax_rates');
  }

  /** Tax rate ids of a request, each one the account's; Stripe answers the objects, expanded. */
  private taxRatesOf(ids: FormValue | undefined, param: string): FakeTaxRate[] {
    return (Array.isArray(ids) ? ids : []).map((id, i) => this.find('tax_rate', str(id) ?? '', `${param}[${i}]`) as unknown as FakeTaxRate);
  }

  private createCustomer(body: FormBody) {
    return this.put({
      id: newId('cus'),
      object: 'customer',
      address: null,
      balance: 0,
      created: now(),
      currency: null,
      default_source: null,
      delinquent: false,
      description: null,
      email: str(body.email) ?? null,
      invoice_prefix: randomBytes(4).toString('hex').toUpperCase(),
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
      livemode: false,
      metadata: strings(body.metadata),
      name: str(body.name) ?? null,
      phone: null,
      preferred_locales: Array.isArray(body.preferred_locales) ? body.preferred_locales : [],
      shipping: null,
      tax_exempt: 'none',
      test_clock: null,
    });
  }

  private priceObject(id: string, param = 'line_items[0][price]') {
    const p = this.prices[id];
    if (!p) throw missing('price', id, param);
    return {
      id,
      object: 'price',
      active: true,
      billing_scheme: 'per_unit',
      created: now(),
      currency: 'eur',
      custom_unit_amount: null,
      livemode: false,
      lookup_key: null,
      metadata: {},
      nickname: null,
      product: `prod_${id}`,
      recurring: p.interval ? { interval: p.interval, interval_count: 1, meter: null, trial_period_days: null, usage_type: 'licensed' } : null,
      tax_behavior: 'unspecified',
      tiers_mode: null,
      transform_quantity: null,
      type: p.interval ? 'recurring' : 'one_time',
      unit_amount: p.unit_amount,
      unit_amount_decimal: String(p.unit_amount),
    };
  }

  private createCheckoutSession(body: FormBody) {
    const mode = str(body.mode);
    if (!mode) throw required('mode');
    if (!str(body.success_url)) throw required('success_url');
    const customer = str(body.customer);
    if (customer) this.find('customer', customer, 'customer');
    const items = Array.isArray(body.line_items) ? body.line_items.map(obj) : [];
    const priceId = str(items[0]?.price);
    if (!priceId) throw required('line_items[0][price]');
    const price = this.priceObject(priceId);
    if ((mode === 'subscription') !== (price.recurring !== null)) {
      throw new StripeHttpError(400, 'invalid_request_error', `You specified \`${mode}\` mode but passed a ${price.recurring ? 'recurring' : 'one-time'} price.`, undefined, 'line_items[0][price]');
    }
    const trialDays = Number(str(obj(body.subscription_data).trial_period_days) ?? 0);
    const quantity = Number(str(items[0]?.quantity) ?? 1);
    const id = newId('cs');
    const invoiceCreation = obj(body.invoice_creation);
    if (str(invoiceCreation.enabled) === 'true' && mode !== 'payment') throw new StripeHttpError(400, 'invalid_request_error', 'invoice_creation can only be used in `payment` mode.', undefined, 'invoice_creation');
    const invoiceMetadata = str(invoiceCreation.enabled) === 'true' ? strings(obj(invoiceCreation.invoice_data).metadata) : null;
    this.checkoutRequests.set(id, {
      price: priceId,
      quantity,
      trialDays,
      subscriptionMetadata: strings(obj(body.subscription_data).metadata),
      defaultTaxRates: this.taxRatesOf(obj(body.subscription_data).default_tax_rates, 'subscription_data[default_tax_rates]'),
      lineTaxRates: this.taxRatesOf(items[0]?.tax_rates, 'line_items[0][tax_rates]'),
      invoiceMetadata,
    });
    return this.put({
      id,
      object: 'checkout.session',
      after_expiration: null,
      allow_promotion_codes: str(body.allow_promotion_codes) === 'true' ? true : null,
      amount_subtotal: trialDays ? 0 : price.unit_amount * quantity,
      amount_total: trialDays ? 0 : price.unit_amount * quantity,
      automatic_tax: { enabled: false, liability: null, provider: null, status: null },
      billing_address_collection: str(body.billing_address_collection) ?? null,
      cancel_url: str(body.cancel_url) ?? null,
      client_reference_id: str(body.client_reference_id) ?? null,
      client_secret: null,
      consent: null,
      consent_collection: null,
      created: now(),
      currency: 'eur',
      custom_fields: [],
      custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
      customer: customer ?? null,
      customer_creation: null,
      customer_details: null,
      customer_email: null,
      expires_at: now() + 86_400,
      invoice: null,
      invoice_creation: mode === 'payment' ? { enabled: invoiceMetadata !== null, invoice_data: { account_tax_ids: null, custom_fields: null, description: null, footer: null, issuer: null, metadata: invoiceMetadata ?? {}, rendering_options: null } } : null,
      livemode: false,
      locale: str(body.locale) ?? null,
      metadata: strings(body.metadata),
      mode,
      payment_intent: null,
      payment_link: null,
      payment_method_collection: mode === 'subscription' ? 'always' : null,
      payment_method_types: ['card'],
      payment_status: 'unpaid',
      phone_number_collection: { enabled: false },
      recovered_from: null,
      setup_intent: null,
      shipping_address_collection: null,
      shipping_cost: null,
      shipping_options: [],
      status: 'open',
      submit_type: null,
      subscription: null,
      success_url: str(body.success_url) ?? null,
      tax_id_collection: { enabled: str(obj(body.tax_id_collection).enabled) === 'true', required: 'never' },
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      ui_mode: 'hosted',
      url: `https://checkout.stripe.com/c/pay/${id}`,
    });
  }

  private createPortalSession(body: FormBody) {
    const customer = str(body.customer);
    if (!customer) throw required('customer');
    this.find('customer', customer, 'customer');
    return this.put({
      id: newId('bps'),
      object: 'billing_portal.session',
      configuration: 'bpc_test_default',
      created: now(),
      customer,
      flow: null,
      livemode: false,
      locale: str(body.locale) ?? null,
      on_behalf_of: null,
      return_url: str(body.return_url) ?? null,
      url: `https://billing.stripe.com/p/session/test_${randomBytes(12).toString('hex')}`,
    });
  }

  private updateSubscription(id: string, body: FormBody) {
    const sub = this.find('subscription', id);
    if (sub.status === 'canceled') throw new StripeHttpError(400, 'invalid_request_error', 'A canceled subscription can only update its cancellation_details and metadata.');
    const cancel = str(body.cancel_at_period_end);
    const item = (sub.items as { data: { current_period_end: number }[] }).data[0]!;
    if (cancel !== undefined) {
      sub.cancel_at_period_end = cancel === 'true';
      sub.cancel_at = cancel === 'true' ? item.current_period_end : null;
      sub.canceled_at = cancel === 'true' ? now() : null;
    }
    if (body.metadata) sub.metadata = { ...(sub.metadata as Record<string, string>), ...strings(body.metadata) };
    const items = Array.isArray(body.items) ? body.items.map(obj) : [];
    if (body.default_tax_rates !== undefined) sub.default_tax_rates = this.taxRatesOf(body.default_tax_rates, 'default_tax_rates');
    if (items.length > 0) this.changePrice(sub, items, str(body.proration_behavior), now());
    return sub;
  }

  /** The item the change names; without an item id Stripe would add a second item, which billing never does. */
  private itemToChange(sub: StripeObject, items: FormBody[]) {
    const item = (sub.items as { data: ItemLike[] }).data[0]!;
    const requested = items[0]!;
    if (str(requested.id) !== item.id) throw new StripeHttpError(400, 'invalid_request_error', 'fake Stripe: a price change must name the existing item', undefined, 'items[0][id]');
    const priceId = str(requested.price);
    if (!priceId) throw required('items[0][price]');
    return { item, price: this.priceObject(priceId) };
  }

  /**
   * Stripe's proration (https://docs.stripe.com/billing/subscriptions/prorations): on the same
   * interval the period stays and the rest of it is charged at the new price minus the unused
   * part of the old; a new interval resets the billing cycle to now, charged in full minus that
   * unused part. A trialing subscription is charged nothing.
   */
  private prorate(sub: StripeObject, item: ItemLike, price: ReturnType<FakeStripe['priceObject']>, at: number) {
    const start = item.current_period_start;
    const end = item.current_period_end;
    const unused = end > start ? (end - Math.min(Math.max(at, start), end)) / (end - start) : 0;
    const credit = Math.round(item.price.unit_amount * unused);
    const sameInterval = price.recurring?.interval === item.price.recurring.interval;
    if (sub.status === 'trialing') return { amount: 0, periodStart: start, periodEnd: end };
    if (sameInterval) return { amount: Math.max(0, Math.round(price.unit_amount * unused) - credit), periodStart: start, periodEnd: end };
    return { amount: Math.max(0, price.unit_amount - credit), periodStart: at, periodEnd: addMonths(at, price.recurring?.interval === 'year' ? 12 : 1) };
  }

  /** Tests read the invoice an update billed (always_invoice) to deliver its invoice.paid. */
  readonly updateInvoices = new Map<string, StripeObject>();

  private changePrice(sub: StripeObject, items: FormBody[], prorationBehavior: string | undefined, at: number) {
    const { item, price } = this.itemToChange(sub, items);
    if (item.price.id === price.id) return;
    const q = this.prorate(sub, item, price, at);
    Object.assign(item, { price, current_period_start: q.periodStart, current_period_end: q.periodEnd });
    (item as unknown as { plan: Record<string, unknown> }).plan = { ...((item as unknown as { plan: Record<string, unknown> }).plan ?? {}), id: price.id, amount: price.unit_amount, interval: price.recurring?.interval };
    if (prorationBehavior === 'always_invoice' && q.amount > 0) this.updateInvoices.set(String(sub.id), this.invoiceFor(sub, 'subscription_update', q.amount, true));
  }

  /** POST /v1/invoices/create_preview for a subscription change (https://docs.stripe.com/api/invoices/create_preview). */
  private previewInvoice(body: FormBody) {
    const subId = str(body.subscription);
    if (!subId) throw required('subscription');
    const sub = this.find('subscription', subId, 'subscription');
    const details = obj(body.subscription_details);
    const items = Array.isArray(details.items) ? details.items.map(obj) : [];
    const { item, price } = this.itemToChange(sub, items);
    const at = Number(str(details.proration_date) ?? now());
    const q = this.prorate(sub, item, price, at);
    const preview = this.buildInvoice(sub, 'subscription_update', q.amount, false, { price, period: { start: at, end: q.periodEnd } });
    // A preview has no id of its own and is never stored nor listed.
    return { ...preview, id: null, status: 'draft', attempt_count: 0, attempted: false, next_payment_attempt: null, hosted_invoice_url: null, invoice_pdf: null };
  }

  private cancelSubscription(id: string) {
    const sub = this.find('subscription', id);
    if (sub.status === 'canceled') throw new StripeHttpError(400, 'invalid_request_error', `No such subscription: '${id}'`, 'resource_missing');
    Object.assign(sub, { status: 'canceled', canceled_at: now(), ended_at: now(), cancel_at_period_end: false, cancel_at: null });
    // Cancelling a subscription cancels the schedule that manages it.
    if (typeof sub.schedule === 'string') Object.assign(this.get(sub.schedule), { status: 'canceled', canceled_at: now(), current_phase: null });
    return sub;
  }

  // --- Subscription schedules (https://docs.stripe.com/api/subscription_schedules) ---

  /** A phase as Stripe answers it: its items, dates and settings. */
  private phase(items: { price: string; quantity: number }[], start: number, end: number, extra: { proration_behavior?: string; trial_end?: number | null; default_tax_rates?: FakeTaxRate[] } = {}) {
    return {
      add_invoice_items: [],
      application_fee_percent: null,
      billing_cycle_anchor: null,
      collection_method: null,
      currency: 'eur',
      default_payment_method: null,
      default_tax_rates: extra.default_tax_rates ?? [],
      description: null,
      discounts: [],
      end_date: end,
      invoice_settings: null,
      items: items.map((i) => ({ discounts: [], metadata: {}, plan: i.price, price: i.price, quantity: i.quantity, tax_rates: [] })),
      metadata: {},
      on_behalf_of: null,
      proration_behavior: extra.proration_behavior ?? 'create_prorations',
      start_date: start,
      transfer_data: null,
      trial_end: extra.trial_end ?? null,
    };
  }

  /**
   * POST /v1/subscription_schedules with from_subscription: the schedule takes over the
   * subscription, with one phase, the current period at the current price, and
   * end_behavior release. A subscription already under a schedule is refused, as Stripe does.
   */
  private createSchedule(body: FormBody) {
    const subId = str(body.from_subscription);
    if (!subId) throw new StripeHttpError(400, 'invalid_request_error', 'fake Stripe: only schedules from_subscription are implemented', undefined, 'from_subscription');
    if (body.phases) throw new StripeHttpError(400, 'invalid_request_error', 'You cannot set `phases` if `from_subscription` is set.', undefined, 'phases');
    const sub = this.find('subscription', subId, 'from_subscription');
    if (sub.status === 'canceled') throw new StripeHttpError(400, 'invalid_request_error', `You cannot migrate a canceled subscription to a subscription schedule.`, undefined, 'from_subscription');
    if (sub.schedule) throw new StripeHttpError(400, 'invalid_request_error', `You cannot migrate a subscription that is already attached to a schedule: \`${sub.schedule as string}\`.`, undefined, 'from_subscription');
    const item = (sub.items as { data: ItemLike[] }).data[0]!;
    const id = newId('sub_sched');
    const phase = this.phase([{ price: item.price.id, quantity: 1 }], item.current_period_start, item.current_period_end, { trial_end: (sub.trial_end as number | null) ?? null });
    sub.schedule = id;
    return this.put({
      id,
      object: 'subscription_schedule',
      application: null,
      billing_mode: { type: 'classic' },
      canceled_at: null,
      completed_at: null,
      created: now(),
      current_phase: { start_date: phase.start_date, end_date: phase.end_date },
      customer: sub.customer,
      default_settings: { application_fee_percent: null, automatic_tax: { enabled: false, liability: null }, billing_cycle_anchor: 'automatic', collection_method: 'charge_automatically', default_payment_method: null, default_source: null, description: null, invoice_settings: { issuer: { type: 'self' } }, on_behalf_of: null, transfer_data: null },
      end_behavior: 'release',
      livemode: false,
      metadata: {},
      phases: [phase],
      released_at: null,
      released_subscription: null,
      status: 'active',
      subscription: subId,
      test_clock: null,
    });
  }

  /**
   * POST /v1/subscription_schedules/:id with phases: the whole list is replaced. As Stripe
   * checks: the current phase keeps its start date, each phase needs items with a known price,
   * every phase but the last an end_date, and the last an end_date or a duration; one phase
   * starts where the previous ends.
   */
  private updateSchedule(id: string, body: FormBody) {
    const schedule = this.find('subscription_schedule', id);
    if (schedule.status !== 'active' && schedule.status !== 'not_started') {
      throw new StripeHttpError(400, 'invalid_request_error', `You cannot update a subscription schedule that is currently in the \`${String(schedule.status)}\` status. It must be in one of the following statuses: \`not_started\`, \`active\`.`);
    }
    const end = str(body.end_behavior);
    if (end !== undefined && end !== 'release' && end !== 'cancel') throw new StripeHttpError(400, 'invalid_request_error', `Invalid end_behavior: ${end}`, undefined, 'end_behavior');
    if (end) schedule.end_behavior = end;
    if (body.metadata) schedule.metadata = { ...(schedule.metadata as Record<string, string>), ...strings(body.metadata) };
    const requested = Array.isArray(body.phases) ? body.phases.map(obj) : undefined;
    if (requested) {
      if (requested.length === 0) throw required('phases');
      const current = schedule.current_phase as { start_date: number; end_date: number };
      const phases: ReturnType<FakeStripe['phase']>[] = [];
      requested.forEach((p, i) => {
        const items = (Array.isArray(p.items) ? p.items.map(obj) : []).map((it) => ({ price: str(it.price) ?? '', quantity: Number(str(it.quantity) ?? 1) }));
        if (items.length === 0 || !items[0]!.price) throw required(`phases[${i}][items]`);
        items.forEach((it, j) => this.priceObject(it.price, `phases[${i}][items][${j}][price]`));
        const start = i === 0 ? Number(str(p.start_date)) : phases[i - 1]!.end_date;
        if (i === 0 && start !== current.start_date) {
          throw new StripeHttpError(400, 'invalid_request_error', 'You can not modify the start date of the current phase.', undefined, 'phases[0][start_date]');
        }
        const duration = obj(p.duration);
        const interval = str(duration.interval);
        let endDate = str(p.end_date) !== undefined ? Number(str(p.end_date)) : undefined;
        if (endDate !== undefined && interval) throw new StripeHttpError(400, 'invalid_request_error', 'You cannot set both `end_date` and `duration`.', undefined, `phases[${i}][duration]`);
        if (endDate === undefined && interval) {
          const months = (interval === 'year' ? 12 : interval === 'month' ? 1 : NaN) * Number(str(duration.interval_count) ?? 1);
          if (Number.isNaN(months)) throw new StripeHttpError(400, 'invalid_request_error', `Invalid interval: ${interval}`, undefined, `phases[${i}][duration][interval]`);
          endDate = addMonths(start, months);
        }
        if (endDate === undefined) throw new StripeHttpError(400, 'invalid_request_error', `Phase ${i} must have an end_date or a duration.`, undefined, `phases[${i}][end_date]`);
        if (endDate <= start) throw new StripeHttpError(400, 'invalid_request_error', 'The end date of a phase must be after its start date.', undefined, `phases[${i}][end_date]`);
        const trialEnd = str(p.trial_end);
        const default_tax_rates = this.taxRatesOf(p.default_tax_rates, `phases[${i}][default_tax_rates]`);
        phases.push(this.phase(items, start, endDate, { proration_behavior: str(p.proration_behavior) ?? str(body.proration_behavior), trial_end: trialEnd ? Number(trialEnd) : null, default_tax_rates }));
      });
      schedule.phases = phases;
      // The current phase's items apply to the subscription now; billing never changes them here.
      const sub = this.get(String(schedule.subscription));
      const item = (sub.items as { data: ItemLike[] }).data[0]!;
      if (phases[0]!.items[0]!.price !== item.price.id) {
        throw new StripeHttpError(400, 'invalid_request_error', 'fake Stripe: changing the current phase items is not implemented', undefined, 'phases[0][items]');
      }
      schedule.current_phase = { start_date: phases[0]!.start_date, end_date: phases[0]!.end_date };
    }
    return schedule;
  }

  /** POST /v1/subscription_schedules/:id/release: the subscription goes on, without the schedule. */
  private releaseSchedule(id: string) {
    const schedule = this.find('subscription_schedule', id);
    if (schedule.status !== 'active' && schedule.status !== 'not_started') {
      throw new StripeHttpError(400, 'invalid_request_error', `You cannot release a subscription schedule that is currently in the \`${String(schedule.status)}\` status. It must be in one of the following statuses: \`not_started\`, \`active\`.`);
    }
    const subId = String(schedule.subscription);
    this.get(subId).schedule = null;
    return Object.assign(schedule, { status: 'released', released_at: now(), released_subscription: subId, subscription: null, current_phase: null });
  }

  private listInvoices(query: FormBody) {
    const customer = str(query.customer);
    const limit = Number(str(query.limit) ?? 10);
    // Newest first; within the same second, the later one first (the sort is stable).
    const invoices = [...this.objects.values()]
      .filter((o) => o.object === 'invoice' && (!customer || o.customer === customer))
      .reverse()
      .sort((x, y) => Number(y.created) - Number(x.created));
    return { ...list(invoices.slice(0, limit), '/v1/invoices'), has_more: invoices.length > limit };
  }

  // --- What happens on Stripe's side; tests turn the results into webhook events. ---

  /**
   * The customer pays on Stripe's checkout page. A subscription session creates the
   * subscription (trialing when the session asked for a trial) and its first invoice;
   * a payment session is paid at once, or left unpaid with `asyncPayment` (a bank debit
   * that settles later, see settleAsyncPayment).
   */
  completeCheckout(sessionId: string, opts: { asyncPayment?: boolean; customerDetails?: CustomerDetails } = {}) {
    const session = this.get(sessionId);
    if (opts.customerDetails) this.updateCustomerFromCheckout(String(session.customer), opts.customerDetails);
    if (session.mode === 'payment') {
      Object.assign(session, { status: 'complete', payment_status: opts.asyncPayment ? 'unpaid' : 'paid', payment_intent: newId('pi') });
      return { session, subscription: undefined, invoice: opts.asyncPayment ? undefined : this.invoiceCheckoutPayment(session) };
    }
    const { price: priceId, trialDays, subscriptionMetadata, defaultTaxRates } = this.checkoutRequests.get(sessionId)!;
    const price = this.priceObject(priceId);
    const start = now();
    const trialEnd = trialDays ? start + trialDays * 86_400 : null;
    const end = trialEnd ?? addMonths(start, price.recurring?.interval === 'year' ? 12 : 1);
    const subId = newId('sub');
    const itemId = newId('si');
    const subscription = this.put({
      id: subId,
      object: 'subscription',
      application: null,
      billing_cycle_anchor: end,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      collection_method: 'charge_automatically',
      created: start,
      currency: 'eur',
      customer: session.customer,
      days_until_due: null,
      default_tax_rates: defaultTaxRates,
      default_payment_method: newId('pm'),
      description: null,
      discounts: [],
      ended_at: null,
      items: list(
        [
          {
            id: itemId,
            object: 'subscription_item',
            created: start,
            current_period_start: start,
            current_period_end: end,
            discounts: [],
            metadata: {},
            plan: { id: priceId, object: 'plan', active: true, amount: price.unit_amount, amount_decimal: String(price.unit_amount), billing_scheme: 'per_unit', created: start, currency: 'eur', interval: price.recurring?.interval, interval_count: 1, livemode: false, metadata: {}, nickname: null, product: price.product, tiers_mode: null, transform_usage: null, trial_period_days: null, usage_type: 'licensed' },
            price,
            quantity: 1,
            subscription: subId,
            tax_rates: [],
          },
        ],
        `/v1/subscription_items?subscription=${subId}`,
      ),
      latest_invoice: null,
      livemode: false,
      metadata: subscriptionMetadata,
      pending_setup_intent: null,
      pending_update: null,
      schedule: null,
      start_date: start,
      status: trialEnd ? 'trialing' : 'active',
      test_clock: null,
      trial_end: trialEnd,
      trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
      trial_start: trialEnd ? start : null,
    });
    const invoice = this.invoiceFor(subscription, 'subscription_create', trialEnd ? 0 : price.unit_amount, true);
    Object.assign(session, { status: 'complete', payment_status: trialEnd ? 'no_payment_required' : 'paid', subscription: subId, invoice: invoice.id });
    return { session, subscription, invoice };
  }

  /** A delayed payment (SEPA, bank transfer) of a completed payment session settles. */
  settleAsyncPayment(sessionId: string) {
    const session = Object.assign(this.get(sessionId), { payment_status: 'paid' });
    this.invoiceCheckoutPayment(session);
    return session;
  }

  /**
   * What Checkout saves with customer_update name/address auto and tax_id_collection: the
   * business name, billing address and tax id the customer typed, printed on later invoices.
   */
  private updateCustomerFromCheckout(customerId: string, details: CustomerDetails) {
    const customer = this.get(customerId);
    Object.assign(customer, { name: details.name, address: { line1: details.address.line1, line2: null, postal_code: details.address.postal_code, city: details.address.city, state: details.address.state ?? null, country: details.address.country } });
    if (details.taxId) this.customerTaxIds.set(customerId, [details.taxId]);
  }

  /**
   * A paid payment-mode session with invoice_creation gets its invoice, paid
   * (https://docs.stripe.com/payments/checkout/post-payment-invoices): no subscription parent, the
   * line's tax rates, the invoice_data metadata. Stripe then sends its invoice.paid.
   */
  private invoiceCheckoutPayment(session: StripeObject) {
    const request = this.checkoutRequests.get(session.id);
    if (!request || request.invoiceMetadata === null || session.invoice) return undefined;
    const price = this.priceObject(request.price);
    const at = now();
    const oneOff = { id: session.id, object: 'checkout.session', customer: session.customer, metadata: {}, default_tax_rates: request.lineTaxRates, items: { data: [{ id: newId('ii'), current_period_start: at, current_period_end: at, price }] } };
    // Several packages are one line of quantity N, charged N times the unit price.
    const built = this.buildInvoice(oneOff, 'manual', price.unit_amount * request.quantity, true);
    const lines = (built.lines.data as Record<string, unknown>[]).map((l) => ({ ...l, quantity: request.quantity, description: `${request.quantity} × ${price.product} (at €${(price.unit_amount / 100).toFixed(2)})`, parent: { type: 'invoice_item_details', invoice_item_details: { invoice_item: oneOff.items.data[0]!.id, proration: false, proration_details: { credited_items: null }, subscription: null }, subscription_item_details: null } }));
    const invoice = this.put({ ...built, parent: null, metadata: request.invoiceMetadata, lines: { ...built.lines, data: lines } });
    session.invoice = invoice.id;
    return invoice;
  }

  /** The subscription renews: the period moves on and the renewal invoice is paid, or fails. */
  renew(subscriptionId: string, outcome: 'paid' | 'failed') {
    const sub = this.get(subscriptionId);
    const item = (sub.items as { data: ItemLike[] }).data[0]!;
    const schedule = typeof sub.schedule === 'string' ? this.get(sub.schedule) : undefined;
    item.current_period_start = item.current_period_end;
    // Under a schedule, the phase that starts at this renewal sets the price (no proration: the
    // period starts at the new price), and a schedule past its last phase releases the subscription.
    const phases = (schedule?.phases ?? []) as ReturnType<FakeStripe['phase']>[];
    const entered = phases.find((p) => p.start_date === item.current_period_start);
    if (schedule && entered) {
      const price = this.priceObject(entered.items[0]!.price);
      Object.assign(item, { price });
      (item as unknown as { plan: Record<string, unknown> }).plan = { ...((item as unknown as { plan: Record<string, unknown> }).plan ?? {}), id: price.id, amount: price.unit_amount, interval: price.recurring?.interval };
      schedule.current_phase = { start_date: entered.start_date, end_date: entered.end_date };
      item.current_period_end = entered.end_date;
    } else {
      item.current_period_end = addMonths(item.current_period_end, item.price.recurring.interval === 'year' ? 12 : 1);
    }
    if (schedule && !entered && phases.every((p) => p.end_date <= item.current_period_start)) {
      Object.assign(schedule, { status: schedule.end_behavior === 'cancel' ? 'canceled' : 'released', released_at: now(), released_subscription: subscriptionId, subscription: null, current_phase: null });
      sub.schedule = null;
    }
    sub.status = outcome === 'paid' ? 'active' : 'past_due';
    const invoice = this.invoiceFor(sub, 'subscription_cycle', item.price.unit_amount, outcome === 'paid');
    return { subscription: sub, invoice, schedule };
  }

  private invoiceFor(sub: StripeObject, reason: string, amount: number, paid: boolean) {
    const invoice = this.put(this.buildInvoice(sub, reason, amount, paid));
    sub.latest_invoice = invoice.id;
    return invoice;
  }

  private buildInvoice(sub: StripeObject, reason: string, amount: number, paid: boolean, line?: { price: { id: string; product: string; unit_amount: number }; period: { start: number; end: number } }) {
    const current = (sub.items as { data: { id: string; current_period_start: number; current_period_end: number; price: { id: string; product: string; unit_amount: number } }[] }).data[0]!;
    const item = line ? { ...current, price: line.price, current_period_start: line.period.start, current_period_end: line.period.end } : current;
    const id = newId('in');
    const created = now();
    const customer = this.get(String(sub.customer));
    const count = [...this.objects.values()].filter((o) => o.object === 'invoice' && o.customer === customer.id).length;
    // The subscription's default tax rates (or a one-off line's) apply to every line.
    const tax = invoiceTaxes(amount, (sub.default_tax_rates as FakeTaxRate[] | undefined) ?? []);
    return {
      id,
      object: 'invoice' as const,
      account_country: 'ES',
      account_name: 'RankMaps',
      amount_due: amount,
      amount_overpaid: 0,
      amount_paid: paid ? amount : 0,
      amount_remaining: paid ? 0 : amount,
      amount_shipping: 0,
      attempt_count: 1,
      attempted: true,
      auto_advance: !paid,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
      billing_reason: reason,
      collection_method: 'charge_automatically',
      created,
      currency: 'eur',
      customer: customer.id,
      customer_address: customer.address ?? null,
      customer_email: customer.email,
      customer_name: customer.name,
      customer_tax_ids: this.customerTaxIds.get(customer.id) ?? [],
      default_payment_method: null,
      description: null,
      discounts: [],
      due_date: null,
      effective_at: created,
      ending_balance: 0,
      footer: null,
      hosted_invoice_url: `https://invoice.stripe.com/i/acct_test/${id}`,
      invoice_pdf: `https://pay.stripe.com/invoice/acct_test/${id}/pdf`,
      issuer: { type: 'self' },
      last_finalization_error: null,
      lines: list(
        [
          {
            id: newId('il'),
            object: 'line_item',
            amount,
            currency: 'eur',
            description: `1 × ${item.price.product} (at €${(item.price.unit_amount / 100).toFixed(2)})`,
            discount_amounts: [],
            discountable: true,
            discounts: [],
            invoice: id,
            livemode: false,
            metadata: {},
            parent: {
              type: 'subscription_item_details',
              invoice_item_details: null,
              subscription_item_details: { invoice_item: null, proration: false, proration_details: { credited_items: null }, subscription: sub.id, subscription_item: item.id },
            },
            period: { start: item.current_period_start, end: item.current_period_end },
            pretax_credit_amounts: [],
            pricing: { price_details: { price: item.price.id, product: item.price.product }, type: 'price_details', unit_amount_decimal: String(item.price.unit_amount) },
            quantity: 1,
            taxes: tax.taxes,
          },
        ],
        `/v1/invoices/${id}/lines`,
      ),
      livemode: false,
      metadata: {},
      next_payment_attempt: paid ? null : created + 3 * 86_400,
      number: `${String(customer.invoice_prefix)}-${String(count + 1).padStart(4, '0')}`,
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { metadata: sub.metadata, subscription: sub.id } },
      period_end: item.current_period_start,
      period_start: item.current_period_start,
      status: paid ? 'paid' : 'open',
      status_transitions: { finalized_at: created, marked_uncollectible_at: null, paid_at: paid ? created : null, voided_at: null },
      subtotal: amount,
      subtotal_excluding_tax: tax.totalExcludingTax,
      total: tax.total,
      total_excluding_tax: tax.totalExcludingTax,
      total_taxes: tax.taxes,
      webhooks_delivered_at: null,
    };
  }

  /** A webhook event as Stripe delivers it (a snapshot of the object at that moment). */
  event(type: string, object: StripeObject, created = now()) {
    const snapshot = structuredClone(object);
    return {
      id: newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created,
      data: { object: snapshot },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
  }
}

/** A price id for every catalogue key, and the fake's price for each, from the plan catalogue. */
export function testCatalog(): { ids: Record<PriceKey, string>; prices: Record<string, FakePrice> } {
  const ids = Object.fromEntries(ALL_PRICE_KEYS.map((key) => [key, `price_test_${key}`])) as Record<PriceKey, string>;
  const prices: Record<string, FakePrice> = {};
  for (const key of ALL_PRICE_KEYS) {
    if (key === CREDITS_PRICE_KEY) {
      prices[ids[key]] = { unit_amount: CREDIT_PACKAGE.price * 100, interval: null };
      continue;
    }
    const annual = key.endsWith('_annual');
    const plan = getPlan(key.replace(/_(annual|monthly)$/, ''))!;
    prices[ids[key]] = { unit_amount: (annual ? annualTotal(plan) : plan.monthlyPrice) * 100, interval: annual ? 'year' : 'month' };
  }
  return { ids, prices };
}

/** The environment that makes the app use the Stripe adapter against the fake on `port`. */
export function stripeTestEnv(port: number, ids: Record<PriceKey, string>): Record<string, string> {
  return {
    PAYMENTS_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: TEST_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    STRIPE_PRICES: JSON.stringify(ids),
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String(port),
    STRIPE_API_PROTOCOL: 'http',
  };
}

/** Headers and body of a webhook delivery, signed the way Stripe signs them. */
export function signedDelivery(payload: string, opts: { secret?: string; timestamp?: number } = {}) {
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? TEST_WEBHOOK_SECRET, ...(opts.timestamp ? { timestamp: opts.timestamp } : {}) });
  return { headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature }, payload };
}
