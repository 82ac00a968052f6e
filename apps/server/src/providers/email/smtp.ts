import nodemailer from 'nodemailer';
import { MailRejectedError, type MailMessage, type MailTransport } from './interface';

/**
 * The real implementation: any SMTP server, configured by URL
 * (smtp://user:pass@host:587, or smtps:// for implicit TLS).
 */
export class SmtpTransport implements MailTransport {
  readonly name = 'smtp' as const;
  private readonly transporter: nodemailer.Transporter;

  constructor(url: string, private readonly from: string) {
    // Bounded waits: a stuck server fails the attempt and the job retries later, instead of
    // holding a worker for nodemailer's default of minutes.
    this.transporter = nodemailer.createTransport({ url, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 });
  }

  async send(message: MailMessage): Promise<void> {
    try {
      await this.transporter.sendMail({
        from: this.from,
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        ...(message.headers ? { headers: message.headers } : {}),
        ...(message.attachments?.length ? { attachments: message.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })) } : {}),
      });
    } catch (err) {
      throw permanentRejection(err) ?? err;
    }
  }

  async close(): Promise<void> {
    this.transporter.close();
  }
}

/**
 * A 5xx answer to RCPT TO (the mailbox does not exist, the domain takes no mail): nodemailer
 * reports it as EENVELOPE with the rejected addresses. A 4xx there (greylisting, a full
 * mailbox) is temporary and stays an ordinary failure that the job retries.
 */
function permanentRejection(err: unknown): MailRejectedError | null {
  if (!err || typeof err !== 'object') return null;
  const e = err as { code?: unknown; command?: unknown; responseCode?: unknown; rejected?: unknown; response?: unknown; message?: unknown };
  if (e.code !== 'EENVELOPE' || e.command !== 'RCPT TO' || typeof e.responseCode !== 'number' || e.responseCode < 500 || e.responseCode > 599) return null;
  const rejected = Array.isArray(e.rejected) ? e.rejected.filter((a): a is string => typeof a === 'string') : [];
  const answer = typeof e.response === 'string' ? e.response : String(e.message);
  return new MailRejectedError(answer, e.responseCode, rejected);
}
