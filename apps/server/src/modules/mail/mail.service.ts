import type { Container } from '../../container';
import type { DbOrTx } from '../../db/client';
import { enqueueSendEmail } from '../../jobs/definitions/send-email';
import { type NewEmail, mailRepository } from './mail.repository';

/**
 * Stores an e-mail and queues its delivery. Pass the transaction of the change that
 * causes the mail, so the two commit together; delivery is retried by the job, so a
 * mail server that is down delays the mail but never loses it.
 */
export async function queueEmail(container: Pick<Container, 'boss' | 'database'>, email: NewEmail, db: DbOrTx = container.database.db): Promise<string> {
  const row = await mailRepository.insert(db, email);
  // Inside a transaction the job is inserted through it, so mail row and job commit together.
  const inTx = db !== container.database.db ? { tx: db } : {};
  // Retries follow the queue's policy (SEND_EMAIL_RETRY).
  await enqueueSendEmail(container.boss, row.id, inTx);
  return row.id;
}
