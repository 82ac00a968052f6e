import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema';
import { workspaces } from './workspaces-schema';

const ts = (name: string) => timestamp(name, { withTimezone: true });
const createdAt = () => ts('created_at').notNull().defaultNow();

/** The payment provider's customer for each user (one per user and provider). */
export const billingCustomers = pgTable('billing_customers', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  provider: text('provider').$type<'sandbox' | 'stripe'>().notNull(),
  customerId: text('customer_id').notNull().unique(),
  createdAt: createdAt(),
});

/**
 * Our copy of the provider's subscription, written only from provider objects (events or
 * API answers). `stateVersion` is the `created` time of the newest event applied, so an
 * older event arriving late never overwrites newer state.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<'sandbox' | 'stripe'>().notNull(),
    planId: text('plan_id').notNull(),
    billingPeriod: text('billing_period').$type<'monthly' | 'annual'>().notNull(),
    priceId: text('price_id').notNull(),
    status: text('status').notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    currentPeriodStart: ts('current_period_start'),
    currentPeriodEnd: ts('current_period_end'),
    trialEnd: ts('trial_end'),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    lastPaymentAt: ts('last_payment_at'),
    lastFailureAt: ts('last_failure_at'),
    lastFailureAttemptCount: integer('last_failure_attempt_count'),
    nextPaymentAttempt: ts('next_payment_attempt'),
    canceledAt: ts('canceled_at'),
    stateVersion: bigint('state_version', { mode: 'number' }).notNull().default(0),
    /**
     * A move down scheduled for the end of the period (docs/decisions.md §22.1): the price it
     * moves to, when, and the provider's schedule (Stripe's subscription schedule). All null
     * when nothing is scheduled; set and cleared together.
     */
    scheduledPriceId: text('scheduled_price_id'),
    scheduledAt: ts('scheduled_at'),
    scheduleId: text('schedule_id'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('subscriptions_user_idx').on(t.userId)],
);

/**
 * Payment history: invoices of subscriptions and one-off credit purchases. A subscription's
 * invoice names its subscription; a failed one keeps Stripe's attempt count and next attempt,
 * so a subscription that arrives after its failed invoice still shows them.
 */
export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    description: text('description').notNull(),
    status: text('status').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    periodStart: ts('period_start'),
    periodEnd: ts('period_end'),
    date: ts('date').notNull(),
    invoiceUrl: text('invoice_url'),
    invoicePdf: text('invoice_pdf'),
    subscriptionId: text('subscription_id'),
    attemptCount: integer('attempt_count'),
    nextPaymentAttempt: ts('next_payment_attempt'),
    createdAt: createdAt(),
  },
  (t) => [index('payments_user_date_idx').on(t.userId, t.date)],
);

/** Provider event ids already processed: each event is applied once. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: ts('received_at').notNull().defaultNow(),
});

/**
 * Credits come in lots: one per plan grant (expires at the end of its period, replaced by
 * the next grant) and one per purchase (expires after 12 months). `reference` makes each
 * grant or purchase idempotent (invoice id, checkout session id).
 */
export const creditLots = pgTable(
  'credit_lots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    source: text('source').$type<'subscription' | 'purchase' | 'adjustment'>().notNull(),
    granted: integer('granted').notNull(),
    remaining: integer('remaining').notNull(),
    expiresAt: ts('expires_at').notNull(),
    reference: text('reference').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('credit_lots_reference_key').on(t.reference), index('credit_lots_user_idx').on(t.userId, t.expiresAt)],
);

/**
 * The ledger: every grant, purchase, spend, refund and expiry, signed. A spend records
 * the lots it drew from, so its refund returns the credits where they came from.
 * (kind, reference) is unique: the same spend or refund is never written twice.
 */
export const creditTransactions = pgTable(
  'credit_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'grant' | 'purchase' | 'spend' | 'refund' | 'expire' | 'adjustment'>().notNull(),
    amount: integer('amount').notNull(),
    reference: text('reference').notNull(),
    allocations: jsonb('allocations').$type<{ lotId: string; amount: number }[]>().notNull().default([]),
    /** Who spent or bought, in a workspace of several people (docs/decisions.md §30.1); null for the system. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('credit_transactions_kind_ref_key').on(t.kind, t.reference), index('credit_transactions_user_idx').on(t.userId)],
);

/** Development-only plan overrides set from the dev-params panel (docs/decisions.md §6). */
export const devPlanOverrides = pgTable('dev_plan_overrides', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  planLimits: jsonb('plan_limits').$type<{ type: 'basic' | 'pro' | 'free'; places: number; keywords: number; credits: number }>().notNull(),
  updatedAt: ts('updated_at')
    .notNull()
    .default(sql`now()`),
});

/** State of the local sandbox payment provider: Stripe-shaped objects by id. */
export const sandboxObjects = pgTable(
  'sandbox_objects',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_objects_type_idx').on(t.type)],
);

/** A party of an invoice as it was when the invoice was issued (docs/billing.md, "Invoices"). */
export interface InvoiceParty {
  name: string;
  /** NIF/CIF, or the VAT number the customer gave; empty when they gave none. */
  taxId: string;
  /** The address in lines, as printed. */
  address: string[];
}

/** One line of an invoice: what was paid, IVA included, in cents. */
export interface InvoiceLine {
  description: string;
  periodStart: string | null;
  periodEnd: string | null;
  amount: number;
}

/**
 * The last number given in each invoice series. The number of a new invoice is taken from its
 * row, locked by the update, in the transaction that records the payment: a rolled-back
 * payment gives its number back, so a series has no gaps (a sequence would leave them).
 */
export const invoiceCounters = pgTable('invoice_counters', {
  series: text('series').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/**
 * One invoice per paid payment (docs/billing.md, "Invoices"). RankMaps numbers and draws the
 * sandbox's; Stripe's are Stripe's own (its number and PDF), recorded here with the same fields.
 * The issuer and the customer are copies taken when the invoice was issued.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: text('payment_id')
      .notNull()
      .unique()
      .references(() => payments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<'sandbox' | 'stripe'>().notNull(),
    number: text('number').notNull().unique(),
    /** RankMaps' series ('RM-2026') and the invoice's place in it; null for Stripe's invoices. */
    series: text('series'),
    sequence: integer('sequence'),
    issuedAt: ts('issued_at').notNull(),
    paidAt: ts('paid_at').notNull(),
    issuer: jsonb('issuer').$type<InvoiceParty>().notNull(),
    customer: jsonb('customer').$type<InvoiceParty>().notNull(),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    /** Cents: base + vat = total. */
    base: integer('base').notNull(),
    vat: integer('vat').notNull(),
    vatRate: integer('vat_rate').notNull(),
    total: integer('total').notNull(),
    currency: text('currency').notNull(),
    /** Stripe's PDF of a Stripe invoice; null for RankMaps' own, drawn on request. */
    providerPdfUrl: text('provider_pdf_url'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('invoices_series_sequence_key').on(t.series, t.sequence), index('invoices_user_idx').on(t.userId)],
);
