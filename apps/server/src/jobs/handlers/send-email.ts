import type { Container } from '../../container';
import { retryWithBackoff } from '../../lib/retry';
import { mailRepository } from '../../modules/mail/mail.repository';
import { recordReportBounce } from '../../modules/report-mail/recipients.service';
import { MailRejectedError } from '../../providers/email/interface';
import { sendEmailPayload } from '../definitions/send-email';
import { emailDeliveries } from '../../metrics/metrics';

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
export async function handleSendEmail(container: Pick<Container, 'database' | 'mail' | 'log'>, data: unknown): Promise<void> {
  const { emailId } = sendEmailPayload.parse(data);
  const db = container.database.db;
  const email = await mailRepository.claimForSending(db, emailId);
  // Sent, given up, or being sent by another job.
  if (!email) return;
  try {
    // Read inside the try: a missing file releases the mail for another try rather than sending it without.
    const refs = email.attachments ?? [];
    const contents = await mailRepository.attachmentContents(db, refs);
    const attachments = refs.map((r, i) => ({ filename: r.filename, contentType: r.contentType, content: contents[i]! }));
    await container.mail.send({
      to: email.to,
      subject: email.subject,
      html: email.html,
      text: email.text,
      ...(email.headers ? { headers: email.headers } : {}),
      ...(attachments.length ? { attachments } : {}),
    });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (err instanceof MailRejectedError) {
      // Refused for good: no retry can deliver it. A report recipient's address is marked bounced.
      const reason = `Rechazado por el servidor de correo (${err.responseCode}): ${message}`;
      await retryWithBackoff(() => mailRepository.markGivenUp(db, emailId, reason), { delaysMs: RECORD_RETRY_DELAYS_MS });
      await retryWithBackoff(() => recordReportBounce(container, email, reason), { delaysMs: RECORD_RETRY_DELAYS_MS });
      container.log.warn({ emailId, kind: email.kind, responseCode: err.responseCode }, 'correo rechazado por el servidor: no se reintenta');
      emailDeliveries.labels({ outcome: 'rejected' }).inc();
      return;
    }
    // Not accepted: this job's retry, or later the outbox sweep, tries again.
    await retryWithBackoff(() => mailRepository.releaseAfterFailure(db, emailId, message), { delaysMs: RECORD_RETRY_DELAYS_MS });
    emailDeliveries.labels({ outcome: 'retry' }).inc();
    throw err;
  }
  emailDeliveries.labels({ outcome: 'sent' }).inc();
  try {
    await retryWithBackoff(() => mailRepository.markSent(db, emailId, container.mail.name), { delaysMs: RECORD_RETRY_DELAYS_MS });
  } catch (err) {
    // Delivered, so not thrown: a retry of this job must not look like a failed delivery.
    container.log.error({ err, emailId }, 'correo entregado, pero no se pudo registrar: queda como entrega incierta y no se reenvía');
  }
}
