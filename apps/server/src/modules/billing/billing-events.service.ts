import { creditsText } from '@rankmaps/shared/credit-value';
import { CREDIT_PACKAGE, getPlan } from '@rankmaps/shared/plans';
import type { Container } from '../../container';
import type { DbOrTx } from '../../db/client';
import { sendBillingMailJob } from '../../jobs/definitions/billing-mail';
import type { SystemAction } from '../activity/activity-kinds';
import { recordSystemActivity } from '../activity/system-activity';
import { type CheckoutSessionLike, type EventLike, type InvoiceLike, type ScheduleLike, type SubscriptionLike, idOf } from '../../providers/payments/shapes';
import { type SubscriptionRow, billingRepository } from './billing.repository';
import { creditsRepository } from './credits.repository';
import { creditsService } from './credits.service';
import { planCreditPeriod } from './credit-periods';
import { type PaidPayment, invoicePayment } from './invoices.service';
import type { PriceTarget } from './price-catalog';

const toDate = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);
const addMonths = (d: Date, n: number) => {
  const out = new Date(d);
  out.setUTCMonth(out.getUTCMonth() + n);
  return out;
};

async function userIdFor(tx: DbOrTx, customer: string | { id: string } | null, metadata?: Record<string, string> | null) {
  const customerId = idOf(customer);
  const byCustomer = customerId ? await billingRepository.findUserIdByCustomer(tx, customerId) : undefined;
  return byCustomer ?? metadata?.userId ?? undefined;
}

/**
 * Holds the user's row lock until the event commits (the lock credit changes take too), so
 * the events of one user are applied one at a time: an event then sees everything an event
 * delivered at the same moment wrote. Otherwise a failed invoice and the creation of its
 * subscription, applied at once, would each miss the other.
 */
async function lockUser(tx: DbOrTx, userId: string | undefined): Promise<string | undefined> {
  if (userId) await creditsRepository.lockUser(tx, userId);
  return userId;
}

/** Writes a Stripe-shaped subscription as our row; older state never overwrites newer. */
export async function applySubscription(container: Pick<Container, 'log' | 'payments' | 'prices'>, tx: DbOrTx, sub: SubscriptionLike, version: number): Promise<void> {
  const userId = await lockUser(tx, await userIdFor(tx, sub.customer, sub.metadata));
  const item = sub.items.data[0];
  const target = container.prices.resolve(item?.price.id);
  if (!userId || !item || target?.kind !== 'plan') {
    container.log.warn({ subscription: sub.id }, 'subscription for an unknown customer or price: ignored');
    return;
  }
  const before = await billingRepository.findSubscription(tx, sub.id);
  await billingRepository.upsertSubscription(tx, {
    id: sub.id,
    userId,
    provider: container.payments.name,
    planId: target.plan.id,
    billingPeriod: target.period,
    priceId: item.price.id,
    status: sub.status,
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    currentPeriodStart: toDate(item.current_period_start),
    currentPeriodEnd: toDate(item.current_period_end),
    trialEnd: toDate(sub.trial_end),
    amount: item.price.unit_amount ?? 0,
    currency: item.price.currency,
    canceledAt: toDate(sub.canceled_at),
    stateVersion: version,
  });
  await takeEarlierPayment(tx, userId, sub);
  await takeEarlierFailure(tx, userId, sub.id);
  await settleScheduledChange(tx, sub.id);
  await recordPlanActivity(tx, userId, before, await billingRepository.findSubscription(tx, sub.id));
}

const ENDED = new Set(['canceled', 'incomplete_expired']);

/**
 * The activity log's entry for what the provider's notice changed (docs/decisions.md §30.5):
 * a plan taken, changed, cancelled at the period's end or at once, or a cancellation
 * withdrawn; nothing for a notice that changed none of these (a renewal, a late or repeated
 * event), so a replayed webhook adds no entry. Written in the event's transaction.
 */
async function recordPlanActivity(tx: DbOrTx, workspaceId: string, before: SubscriptionRow | undefined, after: SubscriptionRow | undefined): Promise<void> {
  if (!after) return;
  const plan = { type: 'plan', id: after.planId, label: getPlan(after.planId)?.name ?? after.planId };
  const details = { subscription: after.id, status: after.status, ...(before && before.planId !== after.planId ? { from: before.planId, to: after.planId } : {}) };
  const action: SystemAction | null = !before
    ? ENDED.has(after.status) ? null : 'subscriptionCreated'
    : ENDED.has(after.status) && !ENDED.has(before.status)
      ? 'subscriptionCancelled'
      : before.planId !== after.planId
        ? 'subscriptionPlanChanged'
        : after.cancelAtPeriodEnd && !before.cancelAtPeriodEnd
          ? 'subscriptionCancelScheduled'
          : !after.cancelAtPeriodEnd && before.cancelAtPeriodEnd && !ENDED.has(after.status)
            ? 'subscriptionResumed'
            : null;
  if (action) await recordSystemActivity(tx, { workspaceId, action, target: plan, details });
}

/**
 * A scheduled move down is done once the subscription, as newest known, carries its price (the
 * period ended and the provider switched it), and gone once the subscription has ended. Read
 * from the stored row, which only ever holds the newest state: a late, older event changes
 * nothing, and a duplicate finds nothing left to clear.
 */
async function settleScheduledChange(tx: DbOrTx, subscriptionId: string) {
  const row = await billingRepository.findSubscription(tx, subscriptionId);
  if (!row?.scheduledPriceId) return;
  if (row.priceId === row.scheduledPriceId || row.status === 'canceled' || row.status === 'incomplete_expired') {
    await billingRepository.clearScheduledChange(tx, row.id);
  }
}

/**
 * A schedule released or cancelled at the provider (our own cancel, a change in Stripe's
 * dashboard, the subscription's end): the change it held will not happen. Only the change
 * still waiting on that very schedule is cleared.
 */
async function onScheduleEnded(tx: DbOrTx, schedule: ScheduleLike) {
  const subscriptionId = idOf(schedule.subscription) ?? schedule.released_subscription ?? null;
  const row = subscriptionId ? await billingRepository.findSubscription(tx, subscriptionId) : await billingRepository.findBySchedule(tx, schedule.id);
  if (!row) return;
  await lockUser(tx, row.userId);
  await billingRepository.clearScheduledChange(tx, row.id, schedule.id);
}

/**
 * What a payment at `paidAt` changes on the subscription. Events arrive in any order, so the
 * last payment only moves forward, and a payment clears only a failure that came before it.
 */
function afterPayment(sub: SubscriptionRow, paidAt: Date): Partial<SubscriptionRow> {
  const changes: Partial<SubscriptionRow> = {};
  if (!sub.lastPaymentAt || sub.lastPaymentAt < paidAt) changes.lastPaymentAt = paidAt;
  if (sub.lastFailureAt && sub.lastFailureAt <= paidAt) Object.assign(changes, { lastFailureAt: null, lastFailureAttemptCount: null, nextPaymentAttempt: null });
  return changes;
}

async function recordPaymentOn(tx: DbOrTx, sub: SubscriptionRow, paidAt: Date): Promise<void> {
  const changes = afterPayment(sub, paidAt);
  if (Object.keys(changes).length > 0) await billingRepository.updateSubscription(tx, sub.id, changes);
}

/** A failed attempt of an invoice: when, Stripe's attempt count, and when Stripe tries again. */
interface Failure {
  at: Date;
  attemptCount: number | null;
  nextAttempt: Date | null;
}

/**
 * What a failed attempt changes on the subscription: the newest failure wins, and a payment
 * clears a failure that came before it (afterPayment), so a failure older than the last
 * payment changes nothing, whichever of the two arrived first. Of a failure and a failure or
 * payment on record in the same second, the one applied last wins: a failure reported now
 * (`reportedNow`, its event is being applied) comes after them; one taken from the payments
 * when its subscription arrives (takeEarlierFailure) does not, so it never undoes a payment
 * that cleared it.
 */
function afterFailure(sub: SubscriptionRow, failure: Failure, reportedNow: boolean): Partial<SubscriptionRow> | undefined {
  const supersedes = (on: Date | null) => on !== null && (reportedNow ? on > failure.at : on >= failure.at);
  if (supersedes(sub.lastFailureAt) || supersedes(sub.lastPaymentAt)) return undefined;
  return { lastFailureAt: failure.at, lastFailureAttemptCount: failure.attemptCount, nextPaymentAttempt: failure.nextAttempt };
}

async function recordFailureOn(tx: DbOrTx, sub: SubscriptionRow, failure: Failure, reportedNow: boolean): Promise<void> {
  const changes = afterFailure(sub, failure, reportedNow);
  if (changes) await billingRepository.updateSubscription(tx, sub.id, changes);
}

/**
 * A payment already on record for an invoice of the user, by id. The invoices a late event
 * names are recent (their payment is at least as new as the event), so the user's latest
 * payments hold them.
 */
async function recordedPayment(tx: DbOrTx, userId: string, invoiceId: string) {
  return (await billingRepository.listPayments(tx, userId, 20)).find((p) => p.id === invoiceId);
}

/**
 * The subscription's latest invoice may have been paid before we knew the subscription (its
 * invoice.paid arrived first): the payment is on record, and the subscription takes it now.
 */
async function takeEarlierPayment(tx: DbOrTx, userId: string, sub: SubscriptionLike & { latest_invoice?: string | { id: string } | null }) {
  const invoiceId = idOf(sub.latest_invoice);
  if (!invoiceId) return;
  const payment = await recordedPayment(tx, userId, invoiceId);
  const row = payment?.status === 'paid' ? await billingRepository.findSubscription(tx, sub.id) : undefined;
  if (row && payment) await recordPaymentOn(tx, row, payment.date);
}

/**
 * An invoice of the subscription may have failed before we knew the subscription (its
 * invoice.payment_failed arrived first): the failed payment is on record with the attempt's
 * details, and the subscription takes the newest such failure now, unless it already shows a
 * newer failure or a payment since.
 */
async function takeEarlierFailure(tx: DbOrTx, userId: string, subscriptionId: string) {
  const failed = await billingRepository.findNewestFailedPayment(tx, userId, subscriptionId);
  const row = failed ? await billingRepository.findSubscription(tx, subscriptionId) : undefined;
  if (row && failed) await recordFailureOn(tx, row, { at: failed.date, attemptCount: failed.attemptCount, nextAttempt: failed.nextPaymentAttempt }, false);
}

/** What a paid invoice is in the payment history: a plan named by our catalogue, or a credit pack bought with an invoice (Stripe). */
function paidInvoiceDescription(target: PriceTarget | undefined, line: InvoiceLike['lines']['data'][number] | undefined): string {
  if (target?.kind === 'credits') return creditsText(target.credits);
  return line?.description ?? (target?.kind === 'plan' ? `Plan ${target.plan.name}` : 'Pago');
}

async function onInvoicePaid(container: Pick<Container, 'boss' | 'config' | 'payments' | 'prices'>, tx: DbOrTx, invoice: InvoiceLike) {
  const userId = await lockUser(tx, await userIdFor(tx, invoice.customer, invoice.parent?.subscription_details?.metadata));
  if (!userId) return;
  const line = invoice.lines.data[0];
  const target = container.prices.resolve(line?.pricing?.price_details?.price);
  const paidAt = toDate(invoice.status_transitions?.paid_at) ?? toDate(invoice.created)!;
  const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
  const payment: PaidPayment = {
    id: invoice.id,
    userId,
    description: paidInvoiceDescription(target, line),
    amount: invoice.amount_paid,
    currency: invoice.currency,
    periodStart: toDate(line?.period.start ?? invoice.period_start),
    periodEnd: toDate(line?.period.end ?? invoice.period_end),
    date: paidAt,
  };
  await billingRepository.upsertPayment(tx, {
    ...payment,
    provider: container.payments.name,
    status: 'paid',
    invoiceUrl: invoice.hosted_invoice_url ?? null,
    invoicePdf: invoice.invoice_pdf ?? null,
    subscriptionId: subscriptionId ?? null,
    attemptCount: null,
    nextPaymentAttempt: null,
  });
  // Its invoice (docs/billing.md, "Invoices"), in this transaction: a rollback takes its number back.
  await invoicePayment(container, tx, payment, invoice);
  // The receipt is rendered and queued by the billing-mail job: here only its job, one insert
  // that commits with the payment. A 0 € invoice (the trial's start) is no payment to acknowledge.
  if (invoice.amount_paid > 0) await sendBillingMailJob(container.boss, tx, { kind: 'receipt', invoiceId: invoice.id, userId, priceId: line?.pricing?.price_details?.price ?? null });
  const sub = subscriptionId ? await billingRepository.findSubscription(tx, subscriptionId) : undefined;
  if (sub) await recordPaymentOn(tx, sub, paidAt);
  // A plan change's invoice grants nothing here: the change itself grants its credits, once
  // (upgrade-credits.ts), since only the change knows the plan it leaves.
  if (target?.kind === 'plan' && target.plan.credits > 0 && line && invoice.billing_reason !== 'subscription_update') {
    // Plan credits are monthly. A monthly invoice grants its period; an annual one grants
    // its first month, and the monthly grant job the following ones.
    const period = planCreditPeriod({ subscriptionId: subscriptionId ?? invoice.id, periodStart: new Date(line.period.start * 1000), billingPeriod: target.period, at: paidAt });
    await creditsService.grantPlanCredits(tx, {
      userId,
      amount: target.plan.credits,
      reference: target.period === 'monthly' ? invoice.id : period.reference,
      expiresAt: target.period === 'monthly' ? new Date(line.period.end * 1000) : period.end,
    });
  }
}

async function onInvoiceFailed(container: Pick<Container, 'boss' | 'payments'>, tx: DbOrTx, invoice: InvoiceLike, version: number) {
  const userId = await lockUser(tx, await userIdFor(tx, invoice.customer, invoice.parent?.subscription_details?.metadata));
  if (!userId) return;
  const line = invoice.lines.data[0];
  const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription) ?? null;
  const failure: Failure = { at: new Date(version * 1000), attemptCount: invoice.attempt_count, nextAttempt: toDate(invoice.next_payment_attempt) };
  // The attempt is kept on the payment with its details, for a subscription that arrives later.
  // A failed attempt reported after Stripe's retry was paid (events arrive in any order) is
  // history: the invoice stays paid. So is one reported after a newer attempt of the invoice.
  const recorded = await billingRepository.upsertFailedPayment(tx, {
    id: invoice.id,
    userId,
    provider: container.payments.name,
    description: line?.description ?? 'Pago',
    status: 'failed',
    amount: invoice.amount_due,
    currency: invoice.currency,
    periodStart: toDate(line?.period.start ?? invoice.period_start),
    periodEnd: toDate(line?.period.end ?? invoice.period_end),
    date: failure.at,
    invoiceUrl: invoice.hosted_invoice_url ?? null,
    invoicePdf: invoice.invoice_pdf ?? null,
    subscriptionId,
    attemptCount: failure.attemptCount,
    nextPaymentAttempt: failure.nextAttempt,
  });
  // A failure reported after the invoice was paid is history: no mail about it either. The
  // mail itself is the billing-mail job's work (once per invoice, however many attempts).
  if (recorded) await sendBillingMailJob(container.boss, tx, { kind: 'payment-failed', invoiceId: invoice.id, userId, priceId: line?.pricing?.price_details?.price ?? null });
  const sub = recorded && subscriptionId ? await billingRepository.findSubscription(tx, subscriptionId) : undefined;
  if (sub) await recordFailureOn(tx, sub, failure, true);
}

async function onCheckoutCompleted(container: Pick<Container, 'config' | 'payments'>, tx: DbOrTx, session: CheckoutSessionLike) {
  const userId = await lockUser(tx, (await userIdFor(tx, session.customer, session.metadata)) ?? session.client_reference_id ?? undefined);
  if (!userId || session.mode !== 'payment' || session.payment_status !== 'paid') return;
  const credits = Number(session.metadata?.credits ?? CREDIT_PACKAGE.credits);
  await creditsService.addPurchase(tx, { userId, amount: credits, reference: session.id, expiresAt: addMonths(new Date(session.created * 1000), CREDIT_PACKAGE.validityMonths) });
  // A purchase Stripe invoiced (invoice_creation) is recorded by its invoice.paid, with the
  // invoice: recording the session too would list the payment twice.
  if (idOf(session.invoice)) return;
  const payment: PaidPayment = {
    id: session.id,
    userId,
    description: creditsText(credits),
    amount: session.amount_total ?? 0,
    currency: session.currency ?? 'eur',
    periodStart: null,
    periodEnd: null,
    date: new Date(session.created * 1000),
  };
  await billingRepository.upsertPayment(tx, { ...payment, provider: container.payments.name, status: 'paid', invoiceUrl: null, invoicePdf: null });
  await invoicePayment(container, tx, payment);
}

/**
 * Applies one provider event. Each event id is applied once (a duplicate delivery is a
 * no-op) and the whole event commits or none of it does, so the provider's retry of a
 * failed delivery starts clean. Events may arrive in any order.
 */
export async function processBillingEvent(container: Pick<Container, 'boss' | 'config' | 'database' | 'log' | 'payments' | 'prices'>, event: EventLike): Promise<'processed' | 'duplicate'> {
  return container.database.db.transaction(async (tx) => {
    if (!(await billingRepository.recordEvent(tx, event.id, event.type))) return 'duplicate';
    const object = event.data.object;
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
        await onCheckoutCompleted(container, tx, object as CheckoutSessionLike);
        break;
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        await applySubscription(container, tx, object as SubscriptionLike, event.created);
        break;
      case 'subscription_schedule.released':
      case 'subscription_schedule.canceled':
        await onScheduleEnded(tx, object as ScheduleLike);
        break;
      case 'invoice.paid':
        await onInvoicePaid(container, tx, object as InvoiceLike);
        break;
      case 'invoice.payment_failed':
        await onInvoiceFailed(container, tx, object as InvoiceLike, event.created);
        break;
      default:
        container.log.debug({ type: event.type }, 'billing event not handled');
    }
    return 'processed';
  });
}
