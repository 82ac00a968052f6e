import type { PaymentInvoice } from '@rankmaps/shared/schemas/invoices';
import type { Container } from '../../container';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../errors';
import type { InvoiceLike } from '../../providers/payments/shapes';
import { IVA_PERCENT, invoiceNumber, spanishYear, splitIncludedIva } from './invoice-amounts';
import { type InvoiceLine, type InvoiceParty, type InvoiceRow, invoicesRepository } from './invoices.repository';

// One invoice per paid payment (docs/billing.md, "Invoices"), issued in the transaction that
// records the payment. The sandbox's are RankMaps' own: numbered in its series and drawn as a
// PDF on request. Stripe's are Stripe's: recorded with their number, amounts and PDF link.

/** The prefix of RankMaps' own series; the year follows it ('RM-2026'). */
export const INVOICE_SERIES_PREFIX = 'RM';

/** A paid payment as billing records it. */
export interface PaidPayment {
  id: string;
  userId: string;
  description: string;
  /** Cents, IVA included. */
  amount: number;
  currency: string;
  periodStart: Date | null;
  periodEnd: Date | null;
  date: Date;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** What a line says: the payment's own description, and why a subscription was charged when it was not its start. */
function lineOf(payment: PaidPayment, billingReason: string | null): InvoiceLine {
  const why =
    billingReason === 'subscription_cycle'
      ? ' – renovación'
      : billingReason === 'subscription_update'
        ? ' – cambio de plan (parte proporcional)'
        : '';
  return {
    description: `${payment.description}${why}`,
    periodStart: iso(payment.periodStart),
    periodEnd: iso(payment.periodEnd),
    amount: payment.amount,
  };
}

/** The customer as the profile's billing data says now (fiscal name, NIF/CIF, address); the account's name when there is none. */
async function customerNow(tx: DbOrTx, userId: string): Promise<InvoiceParty> {
  const user = await invoicesRepository.findCustomer(tx, userId);
  const data = user?.billingData;
  if (!data) return { name: user?.name ?? '', taxId: '', address: user ? [user.email] : [] };
  const town = [data.postalCode, data.city].filter(Boolean).join(' ');
  const region = data.province && data.province !== data.city ? `${town} (${data.province})` : town;
  return { name: data.fiscalName, taxId: data.taxId, address: [data.address, region, data.country].filter(Boolean) };
}

/** The customer as Stripe printed it on its invoice, completed from the profile where Stripe has nothing. */
function customerOnStripeInvoice(invoice: InvoiceLike, profile: InvoiceParty): InvoiceParty {
  const a = invoice.customer_address;
  const address = a
    ? [a.line1, a.line2, [a.postal_code, a.city].filter(Boolean).join(' '), a.state, a.country].filter((l): l is string => Boolean(l))
    : [];
  return {
    name: invoice.customer_name || profile.name,
    taxId: invoice.customer_tax_ids?.find((t) => t.value)?.value ?? profile.taxId,
    address: address.length > 0 ? address : profile.address,
  };
}

/**
 * RankMaps' own invoice of a payment the sandbox took: the next number of this year's series,
 * taken in the caller's transaction (the one recording the payment), so a rolled-back payment
 * leaves no gap. A payment already invoiced (the same event sent again) gets no second one.
 */
async function issueOwnInvoice(
  container: Pick<Container, 'config'>,
  tx: DbOrTx,
  payment: PaidPayment,
  billingReason: string | null,
): Promise<void> {
  const issuedAt = new Date();
  const series = `${INVOICE_SERIES_PREFIX}-${spanishYear(issuedAt)}`;
  const sequence = await invoicesRepository.takeNextNumber(tx, series);
  await invoicesRepository.insert(tx, {
    paymentId: payment.id,
    userId: payment.userId,
    provider: 'sandbox',
    number: invoiceNumber(series, sequence),
    series,
    sequence,
    issuedAt,
    paidAt: payment.date,
    issuer: container.config.invoiceIssuer,
    customer: await customerNow(tx, payment.userId),
    lines: [lineOf(payment, billingReason)],
    ...splitIncludedIva(payment.amount),
    vatRate: IVA_PERCENT,
    total: payment.amount,
    currency: payment.currency,
    providerPdfUrl: null,
  });
}

/** Stripe's invoice of a payment, as Stripe issued it: its number, base, IVA and PDF. */
async function recordStripeInvoice(
  container: Pick<Container, 'config'>,
  tx: DbOrTx,
  payment: PaidPayment,
  invoice: InvoiceLike,
): Promise<void> {
  if (!invoice.number) return;
  const total = invoice.total ?? payment.amount;
  const vat = (invoice.total_taxes ?? []).reduce((sum, t) => sum + t.amount, 0);
  await invoicesRepository.insert(tx, {
    paymentId: payment.id,
    userId: payment.userId,
    provider: 'stripe',
    number: invoice.number,
    issuedAt: new Date(invoice.created * 1000),
    paidAt: payment.date,
    issuer: container.config.invoiceIssuer,
    customer: customerOnStripeInvoice(invoice, await customerNow(tx, payment.userId)),
    lines: [lineOf(payment, invoice.billing_reason)],
    base: invoice.total_excluding_tax ?? total - vat,
    vat,
    vatRate: vat > 0 ? IVA_PERCENT : 0,
    total,
    currency: payment.currency,
    providerPdfUrl: invoice.invoice_pdf ?? invoice.hosted_invoice_url ?? null,
  });
}

/**
 * The invoice of a paid payment, once: with Stripe, Stripe's invoice when there is one (a
 * credit pack bought before invoices were made at checkout has none); with the sandbox,
 * RankMaps' own. A 0 € payment (a trial's start) is not invoiced.
 */
export async function invoicePayment(
  container: Pick<Container, 'config' | 'payments'>,
  tx: DbOrTx,
  payment: PaidPayment,
  providerInvoice?: InvoiceLike,
): Promise<void> {
  if (payment.amount <= 0 || (await invoicesRepository.findByPayment(tx, payment.id))) return;
  if (container.payments.name === 'stripe') {
    if (providerInvoice) await recordStripeInvoice(container, tx, payment, providerInvoice);
    return;
  }
  await issueOwnInvoice(container, tx, payment, providerInvoice?.billing_reason ?? null);
}

/**
 * The user's own invoice that RankMaps draws; someone else's is 404, as one that does not exist.
 * A Stripe invoice is Stripe's document: it is downloaded from Stripe (providerPdfUrl), not drawn again here.
 */
export async function ownInvoiceToDraw(container: Pick<Container, 'database'>, userId: string, invoiceId: string): Promise<InvoiceRow> {
  const invoice = await invoicesRepository.findOwned(container.database.db, userId, invoiceId);
  if (!invoice) throw notFound('No se encontró la factura.', 'INVOICE_NOT_FOUND');
  if (invoice.providerPdfUrl)
    throw notFound('Esta factura se descarga desde Stripe, en el enlace del historial de pagos.', 'INVOICE_AT_PROVIDER');
  return invoice;
}

/** The invoices of the listed payments by payment id, as the history shows them. */
export async function invoicesOfPayments(
  container: Pick<Container, 'database'>,
  userId: string,
  paymentIds: string[],
): Promise<Map<string, PaymentInvoice>> {
  const rows = await invoicesRepository.listForPayments(container.database.db, userId, paymentIds);
  return new Map(
    rows.map((r) => [r.paymentId, { id: r.id, number: r.number, issuedAt: r.issuedAt.toISOString(), providerPdfUrl: r.providerPdfUrl }]),
  );
}
