// The subset of Stripe's objects (API version 2025-03-31 and later) that billing reads.
// The Stripe adapter passes Stripe's own objects through; the sandbox builds objects of
// exactly these shapes, so one billing code path serves both.

export interface PriceRef {
  id: string;
}

export interface SubscriptionItemLike {
  id: string;
  price: PriceRef & { unit_amount: number | null; currency: string; recurring: { interval: string } | null };
  /** Since 2025-03-31 the period lives on the item, not on the subscription. */
  current_period_start: number;
  current_period_end: number;
}

export interface SubscriptionLike {
  id: string;
  object: 'subscription';
  customer: string | { id: string };
  status: string;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  trial_end: number | null;
  metadata: Record<string, string>;
  items: { data: SubscriptionItemLike[] };
  /** The subscription schedule managing it (a move down at period end), if any. */
  schedule?: string | { id: string } | null;
}

/** A subscription schedule (https://docs.stripe.com/api/subscription_schedules/object), the fields billing reads. */
export interface ScheduleLike {
  id: string;
  object: 'subscription_schedule';
  status: string;
  /** Null once released; the released subscription is then in released_subscription. */
  subscription: string | { id: string } | null;
  released_subscription: string | null;
}

export interface InvoiceLineLike {
  description: string | null;
  amount: number;
  period: { start: number; end: number };
  pricing?: { price_details?: { price: string } | null } | null;
}

export interface InvoiceLike {
  id: string;
  object: 'invoice';
  customer: string | { id: string } | null;
  status: string | null;
  amount_paid: number;
  amount_due: number;
  currency: string;
  created: number;
  billing_reason: string | null;
  attempt_count: number;
  next_payment_attempt: number | null;
  hosted_invoice_url?: string | null;
  invoice_pdf?: string | null;
  status_transitions?: { paid_at: number | null } | null;
  period_start: number;
  period_end: number;
  /** Since 2025-03-31 an invoice's subscription is under parent.subscription_details. */
  parent: { subscription_details: { subscription: string | { id: string }; metadata?: Record<string, string> | null } | null } | null;
  lines: { data: InvoiceLineLike[] };
  // What a Stripe invoice says as an invoice (https://docs.stripe.com/api/invoices/object); the
  // sandbox sends none of these, since RankMaps numbers and draws the sandbox's invoices itself.
  /** Stripe's number, unique across the account's invoices; set once finalized. */
  number?: string | null;
  total?: number;
  /** The total without its taxes: with an inclusive rate, the base. */
  total_excluding_tax?: number | null;
  total_taxes?: { amount: number; tax_behavior: string; taxable_amount: number | null }[] | null;
  customer_name?: string | null;
  customer_address?: {
    line1: string | null;
    line2: string | null;
    postal_code: string | null;
    city: string | null;
    state: string | null;
    country: string | null;
  } | null;
  customer_tax_ids?: { type: string; value: string | null }[] | null;
}

export interface CheckoutSessionLike {
  id: string;
  object: 'checkout.session';
  mode: 'subscription' | 'payment' | 'setup';
  customer: string | { id: string } | null;
  subscription: string | { id: string } | null;
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired' | null;
  amount_total: number | null;
  currency: string | null;
  created: number;
  client_reference_id: string | null;
  metadata: Record<string, string> | null;
  url: string | null;
  /** The invoice Stripe made of a one-off payment (invoice_creation enabled); its invoice.paid records the payment. */
  invoice?: string | { id: string } | null;
}

export interface EventLike {
  id: string;
  type: string;
  created: number;
  data: { object: SubscriptionLike | InvoiceLike | CheckoutSessionLike | ScheduleLike | { object: string; id: string } };
}

/** Stripe fields that may be an id or an expanded object. */
export function idOf(ref: string | { id: string } | null | undefined): string | null {
  if (!ref) return null;
  return typeof ref === 'string' ? ref : ref.id;
}
