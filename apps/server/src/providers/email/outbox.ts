import type { Logger } from 'pino';
import type { MailMessage, MailTransport } from './interface';

/**
 * The local implementation: the message already sits in the `emails` table, which the
 * /dev/mail page lists. Delivering it means printing its links, so a developer can
 * follow a confirmation link straight from the console.
 */
export class OutboxTransport implements MailTransport {
  readonly name = 'outbox' as const;
  constructor(private readonly log: Logger) {}

  async send(message: MailMessage): Promise<void> {
    const links = message.text.match(/https?:\/\/\S+/g) ?? [];
    this.log.info({ to: message.to, subject: message.subject, links }, `[bandeja local] ${message.subject} → ${message.to}`);
  }

  async close(): Promise<void> {}
}
