import type { Container } from '../../container';
import { SEND_EMAIL_JOB, enqueueSendEmail } from '../../jobs/definitions/send-email';
import { mailRepository } from './mail.repository';
import { type OutboxPolicy, nextOutboxStep } from './outbox-policy';
import { emailDeliveries } from '../../metrics/metrics';

/** Mails handled per sweep; more wait for the next one. */
const SWEEP_BATCH = 200;

/**
 * No e-mail is given up silently. A mail still undelivered with no job that will send it
 * (its job's retries spent in a long mail-server outage, or the job row lost) is queued again,
 * spaced further each time (outbox-policy.ts), until its age limit; then it fails for good,
 * with the reason kept and an error in the log. Safe to run in several processes at once:
 * each mail is decided under its row lock, after checking again that no job has it.
 */
export async function sweepMailOutbox(
  container: Pick<Container, 'boss' | 'config' | 'database' | 'log'>,
  policy: OutboxPolicy = container.config.mail,
): Promise<{ requeued: number; givenUp: number }> {
  const db = container.database.db;
  let requeued = 0;
  let givenUp = 0;
  // A mail younger than the shortest spacing is left alone: queueEmail outside a transaction
  // stores the row a moment before its job.
  for (const id of await mailRepository.listWithoutJob(db, SEND_EMAIL_JOB, policy.requeueMinDelaySeconds, SWEEP_BATCH)) {
    const gaveUp = await db.transaction(async (tx) => {
      const found = await mailRepository.lockForSweep(tx, id);
      // Checked again under the lock: another sweep may have queued it, or a job sent it, meanwhile.
      if (!found || (found.row.status !== 'queued' && found.row.status !== 'sending')) return null;
      if (await mailRepository.hasLiveJob(tx, id, SEND_EMAIL_JOB)) return null;
      const step = nextOutboxStep(found.row, found.ageSeconds, policy);
      if (step.kind === 'give-up') {
        await mailRepository.markGivenUp(tx, id, step.reason);
        return { row: found.row, reason: step.reason };
      }
      // One try per round: the sweep spaces the rounds. A mail never tried keeps the queue's retries.
      const retries = found.row.attempts === 0 ? {} : { retryLimit: 0 };
      // A Date: through a transaction, pg-boss cannot take startAfter as a number of seconds
      // (tx-executor.ts gives each use of its parameter a type of its own).
      const startAfter = step.delaySeconds > 0 ? { startAfter: new Date(Date.now() + step.delaySeconds * 1000) } : {};
      await enqueueSendEmail(container.boss, id, { ...startAfter, ...retries, tx });
      requeued++;
      return null;
    });
    if (gaveUp) {
      givenUp++;
      emailDeliveries.labels({ outcome: 'abandoned' }).inc();
      const { row, reason } = gaveUp;
      container.log.error({ emailId: id, kind: row.kind, to: row.to, attempts: row.attempts, reason }, 'correo abandonado sin entregar');
    }
  }
  return { requeued, givenUp };
}
