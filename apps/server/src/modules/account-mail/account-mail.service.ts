import { getPlan } from '@rankmaps/shared/plans';
import type { Container } from '../../container';
import type { DbOrTx } from '../../db/client';
import { billingRepository } from '../billing/billing.repository';
import type { RenderedEmail } from '../auth/email-templates';
import { usersRepository } from '../users/users.repository';
import { queueEmail } from '../mail/mail.service';
import type { BillingMailPayload } from '../../jobs/definitions/billing-mail';
import type { PriceTarget } from '../billing/price-catalog';
import { formatAmount, paymentFailedEmail, receiptEmail, trialEndingEmail, welcomeEmail } from './account-mail.templates';

export type MailContainer = Pick<Container, 'boss' | 'config' | 'database'>;
export type BillingMailContainer = MailContainer & Pick<Container, 'prices'>;

/** How long before the trial's end its reminder goes out. */
export const TRIAL_REMINDER_DAYS = 3;

/**
 * Queues the mail unless one with the same key was queued before, in the caller's
 * transaction. The key is kept in billing_events, the ledger of things done once (a
 * duplicate webhook, a scheduler that runs again, a second worker): its primary key makes
 * the second insert a no-op, so each mail goes out once even when two runs race.
 */
async function queueOnce(container: MailContainer, tx: DbOrTx, key: string, kind: string, to: { person: string } | { workspace: string }, build: (name: string) => RenderedEmail): Promise<boolean> {
  // A workspace's mail goes to its current owner: after an ownership transfer, the new one (docs/decisions.md §30.3).
  const user = 'person' in to ? await usersRepository.findById(tx, to.person) : await billingRepository.findUser(tx, to.workspace);
  if (!user) return false;
  if (!(await billingRepository.recordEvent(tx, `mail:${kind}:${key}`, `mail.${kind}`))) return false;
  await queueEmail(container, { to: user.email, kind, ...build(user.name) }, tx);
  return true;
}

const url = (container: MailContainer, path: string) => `${container.config.appUrl}${path}`;

/** After the address is confirmed: what to do first. */
export function queueWelcome(container: MailContainer, tx: DbOrTx, userId: string) {
  return queueOnce(container, tx, userId, 'welcome', { person: userId }, (name) => welcomeEmail({ name, plansUrl: url(container, '/subscription') }));
}

/**
 * Reminds every trial that ends within TRIAL_REMINDER_DAYS of `at` and will turn into a
 * charge (not cancelled), once per subscription. Run by an hourly job: a trial is caught in
 * the hour it enters the window, or later if the job was down, never twice.
 */
export async function queueTrialEndingMails(container: MailContainer, at = new Date()): Promise<number> {
  const db = container.database.db;
  const windowEnd = new Date(at.getTime() + TRIAL_REMINDER_DAYS * 86_400_000);
  const trials = await billingRepository.listTrialsEndingBetween(db, at, windowEnd);
  let sent = 0;
  for (const sub of trials) {
    const plan = getPlan(sub.planId);
    if (!plan || !sub.trialEnd) continue;
    const trialEnd = sub.trialEnd;
    const done = await db.transaction((tx) =>
      queueOnce(container, tx, sub.id, 'trial-ending', { workspace: sub.userId }, (name) =>
        trialEndingEmail({
          name,
          planName: plan.name,
          trialEnd,
          amount: formatAmount(sub.amount, sub.currency),
          period: sub.billingPeriod,
          profileUrl: url(container, '/profile'),
        }),
      ),
    );
    if (done) sent++;
  }
  return sent;
}

/**
 * What a billing mail calls the invoice: our plan's name in Spanish when the price is ours (a
 * Stripe line's own description is Stripe's, in English: "1 × Básico (at €29.00 / month)").
 */
function billedItem(target: PriceTarget | undefined, fallback: string): string {
  if (target?.kind === 'plan') return `plan ${target.plan.name} (${target.period === 'annual' ? 'anual' : 'mensual'})`;
  if (target?.kind === 'credits') return `paquete de ${target.credits} créditos`;
  return fallback;
}

/**
 * The billing-mail job: renders and queues the receipt of a paid invoice or the warning of a
 * failed attempt, once per invoice (`mail:receipt:<invoice>`, `mail:payment-failed:<invoice>`).
 * It reads the payment the event recorded, as it is now: no receipt for a 0 € invoice (the
 * trial's start), and no failure warning for an invoice paid since (its receipt says it all).
 */
export async function queueBillingMail(container: BillingMailContainer, job: BillingMailPayload): Promise<boolean> {
  return container.database.db.transaction(async (tx) => {
    const payment = await billingRepository.findPayment(tx, job.invoiceId);
    if (!payment || payment.userId !== job.userId) return false;
    const item = billedItem(container.prices.resolve(job.priceId), job.kind === 'receipt' ? payment.description : 'suscripción');
    const amount = formatAmount(payment.amount, payment.currency);
    const profileUrl = url(container, '/profile');
    if (job.kind === 'receipt') {
      if (payment.status !== 'paid' || payment.amount <= 0) return false;
      return queueOnce(container, tx, payment.id, 'receipt', { workspace: payment.userId }, (name) =>
        receiptEmail({ name, item, amount, paidAt: payment.date, periodStart: payment.periodStart, periodEnd: payment.periodEnd, profileUrl }),
      );
    }
    if (payment.status !== 'failed') return false;
    return queueOnce(container, tx, payment.id, 'payment-failed', { workspace: payment.userId }, (name) =>
      paymentFailedEmail({ name, item, amount, nextAttempt: payment.nextPaymentAttempt, profileUrl }),
    );
  });
}
