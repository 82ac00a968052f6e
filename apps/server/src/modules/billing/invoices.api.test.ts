import { and, asc, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import type { PaymentWithInvoice } from '@rankmaps/shared/schemas/invoices';
import { sandboxPriceOf, subscribeThroughSandbox } from '../../../test/sandbox';
import { sessions } from '../../../test/sessions';
import { createTestApp } from '../../../test/test-app';
import { invoices, payments } from '../../db/billing-schema';
import type { SandboxPayments } from '../../providers/payments/sandbox';
import type { InvoiceLike } from '../../providers/payments/shapes';
import { processBillingEvent } from './billing-events.service';
import { billingRepository } from './billing.repository';
import { invoicesRepository } from './invoices.repository';

// docs/billing.md, "Invoices": every paid payment of the sandbox gets RankMaps' own invoice,
// numbered without gaps in the year's series, with its base, IVA and total, as a PDF.

type Headers = Record<string, string>;

const BILLING = {
  type: 'business',
  fiscalName: 'Clínica Sonrisa SL',
  taxId: 'B86453370',
  address: 'Calle Larios 5',
  postalCode: '29005',
  city: 'Málaga',
  province: 'Málaga',
  country: 'España',
};
/** Text read back from a PDF, with every run of white space (the no-break space before «€» too) as one space. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('invoices of the payments, through the sandbox', async () => {
  const { app, container } = await createTestApp();
  const { db } = container.database;
  const { signedIn } = sessions(app, container);
  const sandbox = container.payments as SandboxPayments;

  const withBillingData = async () => {
    const session = await signedIn();
    const res = await app.inject({ method: 'PUT', url: '/api/user/billing', headers: session.headers, payload: { billingData: BILLING } });
    expect(res.statusCode, res.body).toBe(200);
    return session;
  };
  const history = async (headers: Headers) =>
    (await app.inject({ method: 'GET', url: '/api/payment/payment-history', headers })).json<{ payments: PaymentWithInvoice[] }>().payments;
  const creditPrice = async () =>
    (await app.inject({ method: 'GET', url: '/api/plans' })).json<{ creditPackage: { priceId: string } }>().creditPackage.priceId;
  /** A checkout left open on the sandbox's page: its id. */
  const openCheckout = async (headers: Headers, priceId: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/payment/create-checkout-session', headers, payload: { priceId } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ url: string }>().url.split('/sandbox/checkout/')[1]!;
  };
  const pay = (sessionId: string) =>
    app.inject({ method: 'POST', url: `/api/sandbox/checkout/${sessionId}/complete`, payload: { outcome: 'pay' } });
  const invoiceRow = async (paymentId: string) => (await db.select().from(invoices).where(eq(invoices.paymentId, paymentId)))[0];
  const seriesNow = () => `RM-${new Intl.DateTimeFormat('es-ES', { year: 'numeric', timeZone: 'Europe/Madrid' }).format(new Date())}`;

  it('when a user subscribes, renews, moves up and buys credits, then each paid payment has one invoice with the base, IVA at 21 % and the billing data of that moment', async () => {
    const { user, headers } = await withBillingData();
    await subscribeThroughSandbox(app, headers, 'basico', 'monthly');
    expect((await app.inject({ method: 'POST', url: '/api/sandbox/renewal', headers })).statusCode).toBe(200);
    const up = await app.inject({
      method: 'POST',
      url: '/api/payment/change-plan',
      headers,
      payload: { priceId: await sandboxPriceOf(app, 'premium', 'monthly') },
    });
    expect(up.statusCode, up.body).toBe(200);
    expect((await pay(await openCheckout(headers, await creditPrice()))).statusCode).toBe(200);
    // A customer who changes their billing data later: the invoices keep the data of their day.
    await app.inject({
      method: 'PUT',
      url: '/api/user/billing',
      headers,
      payload: { billingData: { ...BILLING, fiscalName: 'Otra Razón Social SL' } },
    });

    const listed = await history(headers);
    const trial = listed.find((p) => p.amount === 0);
    expect(trial?.invoice).toBeNull();
    const paid = listed.filter((p) => p.amount > 0);
    expect(paid.map((p) => p.description).sort()).toEqual(['500 créditos', 'Plan Básico (mensual)', 'Plan Premium (mensual)']);
    expect(new Set(paid.map((p) => p.invoice?.number)).size).toBe(3);
    for (const p of paid) {
      expect(p.invoice).toMatchObject({ number: expect.stringMatching(new RegExp(`^${seriesNow()}-\\d{6}$`)), providerPdfUrl: null });
      const row = (await invoiceRow(p.id))!;
      expect(row).toMatchObject({
        userId: user.id,
        provider: 'sandbox',
        series: seriesNow(),
        vatRate: 21,
        total: Math.round(p.amount * 100),
        currency: 'eur',
      });
      expect(row.base).toBe(Math.round(row.total / 1.21));
      expect(row.base + row.vat).toBe(row.total);
      expect(row.customer).toEqual({
        name: 'Clínica Sonrisa SL',
        taxId: 'B86453370',
        address: ['Calle Larios 5', '29005 Málaga', 'España'],
      });
      expect(row.issuer).toEqual({
        name: 'RankMaps Software, S.L. (datos de ejemplo)',
        taxId: 'B00000000',
        address: ['Calle de Ejemplo 1', '28001 Madrid', 'España'],
      });
    }
    const credits = (await invoiceRow(paid.find((p) => p.description === '500 créditos')!.id))!;
    expect(credits).toMatchObject({ total: 2000, base: 1653, vat: 347 });
    const lines = (await Promise.all(paid.map(async (p) => (await invoiceRow(p.id))!.lines[0]!.description))).sort();
    expect(lines).toEqual([
      '500 créditos',
      'Plan Básico (mensual) – renovación',
      'Plan Premium (mensual) – cambio de plan (parte proporcional)',
    ]);
  });

  it('when the same payment is sent again, under the same event id or a new one, then it still has exactly one invoice and the series moves on by one for the next', async () => {
    const { user, headers } = await withBillingData();
    await subscribeThroughSandbox(app, headers, 'profesional', 'monthly');
    expect((await app.inject({ method: 'POST', url: '/api/sandbox/renewal', headers })).statusCode).toBe(200);
    expect(await db.$count(payments, eq(payments.userId, user.id))).toBe(2);
    const renewal = (await history(headers)).find((p) => p.amount > 0)!;
    const customerId = (await billingRepository.findCustomerByUser(db, user.id))!.customerId;
    const invoice = (await sandbox.listInvoices(customerId, 10)).find((i: InvoiceLike) => i.id === renewal.id)!;
    const event = { id: `evt_resent_${invoice.id}`, type: 'invoice.paid', created: invoice.created, data: { object: invoice } };
    expect(await processBillingEvent(container, event)).toBe('processed');
    expect(await processBillingEvent(container, event)).toBe('duplicate');
    expect(await processBillingEvent(container, { ...event, id: `evt_resent_again_${invoice.id}` })).toBe('processed');
    // The credit pack's page submitted twice, and its event sent again under a new id.
    const sessionId = await openCheckout(headers, await creditPrice());
    await pay(sessionId);
    await pay(sessionId);
    const session = await sandbox.retrieveCheckoutSession(sessionId);
    expect(
      await processBillingEvent(container, {
        id: `evt_resent_${sessionId}`,
        type: 'checkout.session.completed',
        created: session.created,
        data: { object: session },
      }),
    ).toBe('processed');

    const mine = await db.select().from(invoices).where(eq(invoices.userId, user.id)).orderBy(asc(invoices.sequence));
    expect(mine.map((i) => i.paymentId).sort()).toEqual([renewal.id, sessionId].sort());
    const [first, second] = mine;
    expect(second!.sequence).toBeGreaterThan(first!.sequence!);
    expect(await db.$count(invoices, and(eq(invoices.series, first!.series!), eq(invoices.sequence, first!.sequence! + 1)))).toBe(1);
  });

  it('when two payments are recorded at the same moment, then they take consecutive numbers and the series has no gap, even after a payment rolled back', async () => {
    const buyers = await Promise.all([withBillingData(), withBillingData()]);
    const price = await creditPrice();
    const checkouts = await Promise.all(buyers.map(({ headers }) => openCheckout(headers, price)));
    // A payment whose transaction fails after taking its number gives the number back.
    await expect(
      db.transaction(async (tx) => {
        await invoicesRepository.takeNextNumber(tx, seriesNow());
        throw new Error('the payment failed to record');
      }),
    ).rejects.toThrow('the payment failed to record');
    const results = await Promise.all(checkouts.map(pay));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);

    const numbered = await Promise.all(checkouts.map(async (id) => (await invoiceRow(id))!.sequence!));
    const [low, high] = [...numbered].sort((a, b) => a - b);
    expect(high! - low!).toBe(1);
    const series = await db
      .select({ sequence: invoices.sequence, number: invoices.number })
      .from(invoices)
      .where(eq(invoices.series, seriesNow()))
      .orderBy(asc(invoices.sequence));
    expect(series.map((s) => s.sequence)).toEqual(series.map((_, i) => i + 1));
    expect(new Set(series.map((s) => s.number)).size).toBe(series.length);
  });

  it('when the owner downloads an invoice, then it is a PDF in Spanish with its number, both NIFs, the base, IVA at 21 % and the total; anyone else gets 404', async () => {
    const { headers } = await withBillingData();
    const sessionId = await openCheckout(headers, await creditPrice());
    await pay(sessionId);
    const invoice = (await history(headers)).find((p) => p.id === sessionId)!.invoice!;

    const res = await app.inject({ method: 'GET', url: `/api/payment/invoices/${invoice.id}/pdf`, headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="factura-${invoice.number}.pdf"`);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(res.rawPayload)), { mergePages: true });
    const page = flat(text);
    for (const expected of [
      'Factura',
      `Número: ${invoice.number}`,
      'EMISOR',
      'RankMaps Software, S.L. (datos de ejemplo)',
      'NIF: B00000000',
      'CLIENTE',
      'Clínica Sonrisa SL',
      'NIF/CIF: B86453370',
      'Calle Larios 5',
      '500 créditos',
      'Base imponible 16,53 €',
      'IVA (21 %) 3,47 €',
      'Total 20,00 €',
      'dividido entre 1,21',
    ]) {
      expect(page).toContain(expected);
    }

    const other = await signedIn();
    const refused = await app.inject({ method: 'GET', url: `/api/payment/invoices/${invoice.id}/pdf`, headers: other.headers });
    expect(refused.statusCode).toBe(404);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(refused.json()).toMatchObject({ error: 'No se encontró la factura.' });
    expect((await app.inject({ method: 'GET', url: `/api/payment/invoices/${invoice.id}/pdf` })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/payment/invoices/no-es-un-id/pdf', headers })).statusCode).toBe(400);
  });
});
