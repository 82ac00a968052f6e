import nodemailer from 'nodemailer';
import type { MailMessage, MailTransport } from './interface';

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
    await this.transporter.sendMail({ from: this.from, to: message.to, subject: message.subject, html: message.html, text: message.text, ...(message.headers ? { headers: message.headers } : {}) });
  }

  async close(): Promise<void> {
    this.transporter.close();
  }
}
