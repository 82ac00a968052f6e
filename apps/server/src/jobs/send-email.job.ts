import { z } from 'zod';
import type { Container } from '../container';
import { mailRepository } from '../modules/mail/mail.repository';

export const SEND_EMAIL_JOB = 'send-email';
export const sendEmailPayload = z.object({ emailId: z.uuid() });
/**
 * How a failed delivery is retried: 8 more tries over one to two hours (15 s, doubling). It is
 * the queue's policy rather than each job's, so that one place sets it and a test can shorten
 * it with `boss.updateQueue` (the SMTP outage drill) without touching this default.
 */
export const SEND_EMAIL_RETRY = { retryLimit: 8, retryDelay: 15, retryBackoff: true } as const;

/** Delivers one stored e-mail. Idempotent: a mail already sent is not sent again. */
export async function handleSendEmail(container: Container, data: unknown, isLastAttempt: boolean): Promise<void> {
  const { emailId } = sendEmailPayload.parse(data);
  const db = container.database.db;
  const email = await mailRepository.findById(db, emailId);
  if (!email || email.status === 'sent') return;
  try {
    await container.mail.send({ to: email.to, subject: email.subject, html: email.html, text: email.text });
    await mailRepository.markSent(db, emailId, container.mail.name);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await mailRepository.markAttemptFailed(db, emailId, message, isLastAttempt);
    throw err;
  }
}
