import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PaymentWithInvoice } from '@rankmaps/shared/schemas/invoices';
import { sessions } from '../../../test/sessions';
import { type CustomerDetails, type FakeStripe, signedDelivery } from '../../../test/fake-stripe';
import { checkoutSession, createStripeTestApp } from '../../../test/stripe-app';
import { invoices } from '../../db/billing-schema';

// docs/billing.md, "Invoices": in production the invoices are Stripe's, with a 21 % inclusive
// IVA rate; RankMaps records their number, base, IVA and PDF, and links to Stripe's PDF.

type Headers = Record<string, string>;

const COMPANY: CustomerDetails = {
  name: 'Clínica Sonrisa SL',
  address: { line1: 'Calle Larios 5', postal_code: '29005', city: 'Málaga', state: 'Málaga', country: 'ES' },
  taxId: { type: 'es_cif', value: 'B86453370' },
};

describe('invoices through the Stripe adapter, against a local fake of Stripe', async () => {
  const { app, container, fake, ids } = await createStripeTestApp();
  const { db } = container.database;
  const { signedIn } = sessions(app, container);
  const deliver = async (event: ReturnType<FakeStripe['event']>) => {
    const res = await app.inject({ method: 'POST', url: '/api/payment/webhook', ...signedDelivery(JSON.stringify(event)) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ result: string }>().result;
  };
  const history = async (headers: Headers) =>
    (await app.inject({ method: 'GET', url: '/api/payment/payment-history', headers })).json<{ payments: PaymentWithInvoice[] }>().payments;
  const invoiceOf = async (paymentId: string) => (await db.select().from(invoices).where(eq(invoices.paymentId, paymentId)))[0];
  const taxRates = () => [...fake.objects.values()].filter((o) => o.object === 'tax_rate');

  it("when a company buys credits, then Checkout invoices the purchase with the inclusive IVA rate and the history links to Stripe's invoice PDF, with its base and IVA recorded", async () => {
    const { headers } = await signedIn();
    const sessionId = await checkoutSession(app, fake, headers, ids.credits_500);

    // The rate the adapter looked up and, finding none, created: 21 %, inclusive, Spanish VAT.
    const [create] = fake.requestsTo('POST', '/v1/tax_rates');
    expect(create!.body).toEqual({
      display_name: 'IVA',
      description: 'IVA general de España, incluido en los precios de RankMaps',
      percentage: '21',
      inclusive: 'true',
      country: 'ES',
      jurisdiction: 'ES',
      tax_type: 'vat',
    });
    expect(create!.headers['idempotency-key']).toBe('tax-rate-iva-21-inclusive');
    expect(fake.requestsTo('GET', '/v1/tax_rates')[0]!.query).toEqual({ active: 'true', inclusive: 'true', limit: '100' });
    const [rate] = taxRates();

    const { session, invoice } = fake.completeCheckout(sessionId, { customerDetails: COMPANY });
    expect(invoice).toMatchObject({
      total: 2000,
      total_excluding_tax: 1653,
      total_taxes: [{ amount: 347, tax_behavior: 'inclusive', taxable_amount: 1653, tax_rate_details: { tax_rate: rate!.id } }],
      parent: null,
    });
    expect(await deliver(fake.event('checkout.session.completed', session))).toBe('processed');
    expect(await deliver(fake.event('invoice.paid', invoice!))).toBe('processed');
    // Stripe sends it again, under a new event id: still one payment and one invoice.
    expect(await deliver(fake.event('invoice.paid', invoice!))).toBe('processed');

    const listed = await history(headers);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      id: invoice!.id,
      description: '500 créditos',
      amount: 20,
      invoice: { number: invoice!.number, providerPdfUrl: invoice!.invoice_pdf },
    });
    const row = await invoiceOf(invoice!.id);
    expect(row).toMatchObject({
      provider: 'stripe',
      number: invoice!.number,
      series: null,
      sequence: null,
      total: 2000,
      base: 1653,
      vat: 347,
      vatRate: 21,
    });
    expect(row!.customer).toEqual({
      name: 'Clínica Sonrisa SL',
      taxId: 'B86453370',
      address: ['Calle Larios 5', '29005 Málaga', 'Málaga', 'ES'],
    });
    expect((await app.inject({ method: 'GET', url: '/api/payment/invoices/' + row!.id + '/pdf', headers })).json()).toMatchObject({
      code: 'INVOICE_AT_PROVIDER',
    });
  });

  it("when a subscriber pays, renews and moves up, then every invoice carries the subscription's IVA rate, and the rate is looked up once per process", async () => {
    const { headers } = await signedIn();
    const pay = async (price: string) => {
      const { session, subscription, invoice } = fake.completeCheckout(await checkoutSession(app, fake, headers, price));
      for (const event of [
        fake.event('checkout.session.completed', session),
        fake.event('customer.subscription.created', subscription!),
        fake.event('invoice.paid', invoice!),
      ])
        await deliver(event);
      return { subscription: subscription!, invoice: invoice! };
    };
    // The first subscription is a trial (a 0 € invoice, not invoiced); the second one is paid now.
    await pay(ids.basico_monthly);
    expect((await app.inject({ method: 'POST', url: '/api/payment/cancel-subscription-immediately', headers })).statusCode).toBe(200);
    const { subscription, invoice } = await pay(ids.profesional_monthly);
    const [rate] = taxRates();
    expect(subscription.default_tax_rates).toEqual([expect.objectContaining({ id: rate!.id, percentage: 21, inclusive: true })]);
    expect(await invoiceOf(invoice.id)).toMatchObject({ total: 5900, base: 4876, vat: 1024, number: invoice.number });

    const renewal = fake.renew(subscription.id, 'paid');
    await deliver(fake.event('invoice.paid', renewal.invoice));
    expect(await invoiceOf(renewal.invoice.id)).toMatchObject({ total: 5900, base: 4876, vat: 1024 });

    const up = await app.inject({ method: 'POST', url: '/api/payment/change-plan', headers, payload: { priceId: ids.premium_monthly } });
    expect(up.statusCode, up.body).toBe(200);
    const update = fake.requestsTo('POST', `/v1/subscriptions/${subscription.id}`).at(-1)!;
    expect(update.body.default_tax_rates).toEqual([rate!.id]);
    const prorated = fake.updateInvoices.get(subscription.id)!;
    await deliver(fake.event('invoice.paid', prorated));
    const row = await invoiceOf(prorated.id);
    expect(row!.base + row!.vat).toBe(row!.total);
    expect(row!.vat).toBe(row!.total - Math.round(row!.total / 1.21));

    const listed = await history(headers);
    expect(listed.filter((p) => p.invoice).map((p) => p.invoice!.providerPdfUrl)).toEqual(
      expect.arrayContaining([invoice.invoice_pdf, renewal.invoice.invoice_pdf, prorated.invoice_pdf]),
    );
    expect(listed.find((p) => p.amount === 0)?.invoice).toBeNull();
    expect(taxRates()).toHaveLength(1);
    expect(fake.requestsTo('GET', '/v1/tax_rates')).toHaveLength(1);
  });
});
