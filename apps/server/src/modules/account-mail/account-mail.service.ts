import { getPlan } from '@rankmaps/shared/plans';
import type { Container } from '../../container';
import type { DbOrTx } from '../../db/client';
import { billingRepository } from '../billing/billing.repository';
import type { RenderedEmail } from '../auth/email-templates';
import { queueEmail } from '../mail/mail.service';
import { usersRepository } from '../users/users.repository';
import { formatAmount, trialEndingEmail, welcomeEmail } from './account-mail.templates';

export type MailContainer = Pick<Container, 'boss' | 'config' | 'database'>;

/** How long before the trial's end its reminder goes out. */
export const TRIAL_REMINDER_DAYS = 3;

/**
 * Queues the mail unless one with the same key was queued before, in the caller's
 * transaction. The key is kept in billing_events, the ledger of things done once (a
 * scheduler that runs again, a second worker): its primary key makes
 * the second insert a no-op, so each mail goes out once even when two runs race.
 */
async function queueOnce(container: MailContainer, tx: DbOrTx, key: string, kind: string, userId: string, build: (name: string) => RenderedEmail): Promise<boolean> {
  const user = await usersRepository.findById(tx, userId);
  if (!user) return false;
  if (!(await billingRepository.recordEvent(tx, `mail:${kind}:${key}`, `mail.${kind}`))) return false;
  await queueEmail(container, { to: user.email, kind, ...build(user.name) }, tx);
  return true;
}

const url = (container: MailContainer, path: string) => `${container.config.appUrl}${path}`;

/** After the address is confirmed: what to do first. */
export function queueWelcome(container: MailContainer, tx: DbOrTx, userId: string) {
  return queueOnce(container, tx, userId, 'welcome', userId, (name) => welcomeEmail({ name, plansUrl: url(container, '/subscription') }));
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
      queueOnce(container, tx, sub.id, 'trial-ending', sub.userId, (name) =>
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
