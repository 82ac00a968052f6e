import { z } from 'zod';
import { paymentItemSchema } from './billing';

// Invoices of the payment history (docs/billing.md, "Invoices"): each paid payment has one.

/** A payment's invoice as the history shows it. */
export const paymentInvoiceSchema = z.object({
  id: z.string(),
  /** 'RM-2026-000123' for RankMaps' own series, or Stripe's number. */
  number: z.string(),
  issuedAt: z.string(),
  /**
   * Stripe's PDF of a Stripe invoice. Null for RankMaps' own invoices, downloaded from
   * GET /api/payment/invoices/{id}/pdf.
   */
  providerPdfUrl: z.string().nullable(),
});
export type PaymentInvoice = z.infer<typeof paymentInvoiceSchema>;

/** GET /api/payment/payment-history: the last payments, each with its invoice (null: none, such as a failed payment). */
export const paymentWithInvoiceSchema = paymentItemSchema.extend({ invoice: paymentInvoiceSchema.nullable() });
export type PaymentWithInvoice = z.infer<typeof paymentWithInvoiceSchema>;
export const paymentHistoryWithInvoicesSchema = z.object({ payments: z.array(paymentWithInvoiceSchema) });

/** GET /api/payment/invoices/:id/pdf */
export const invoiceIdParamsSchema = z.object({ id: z.uuid('Factura no encontrada.') });
