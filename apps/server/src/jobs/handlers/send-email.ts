import { z } from 'zod';
import type { Container } from '../container';
import { retryWithBackoff } from '../lib/retry';
import { mailRepository } from '../modules/mail/mail.repository';

export const SEND_EMAIL_JOB = 'send-email';
export const sendEmailPayload = z.object({ emailId: z.uuid() });
/**
 * How a failed delivery is retried: 8 more tries over one to two hours (15 s, doubling). It is
 * the queue's policy rather than each job's, so that one place sets it and a test can shorten
 * it with `boss.updateQueue` (the SMTP outage drills) without touching this default. A mail
 * still undelivered after them is taken over by the outbox sweep (mail-outbox-sweep.job.ts).
 */
export const SEND_EMAIL_RETRY = { retryLimit: 8, retryDelay: 15, retryBackoff: true } as const;

/**
 * Recording a try's outcome is retried through a database blip (about 14 s): an outcome not
 * recorded leaves the mail "sending", which the sweep can only give up as uncertain.
 */
const RECORD_RETRY_DELAYS_MS = [200, 1000, 3000, 10_000];

/**
 * Delivers one stored e-mail, at most once. The mail is claimed before the SMTP conversation,
 * so a second job for it sends nothing; once the server accepted it, it is never released
 * for another try, even if recording that fails.
 */
export async function handleSendEmail(container: Container, data: unknown): Promise<void> {
  const { emailId } = sendEmailPayload.parse(data);
  const db = container.database.db;
  const email = await mailRepository.claimForSending(db, emailId);
  // Sent, given up, or being sent by another job.
  if (!email) return;
  try {
    await container.mail.send({ to: email.to, subject: email.subject, html: email.html, text: email.text });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    // Not accepted: this job's retry, or later the outbox sweep, tries again.
    await retryWithBackoff(() => mailRepository.releaseAfterFailure(db, emailId, message), { delaysMs: RECORD_RETRY_DELAYS_MS });
    throw err;
  }
  try {
    await retryWithBackoff(() => mailRepository.markSent(db, emailId, container.mail.name), { delaysMs: RECORD_RETRY_DELAYS_MS });
  } catch (err) {
    // Delivered, so not thrown: a retry of this job must not look like a failed delivery.
    container.log.error({ err, emailId }, 'correo entregado, pero no se pudo registrar: queda como entrega incierta y no se reenvía');
  }
}
