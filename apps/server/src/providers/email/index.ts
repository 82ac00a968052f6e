import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { MailTransport } from './interface';
import { OutboxTransport } from './outbox';
import { SmtpTransport } from './smtp';

/** SMTP when SMTP_URL is set; otherwise the local outbox (the embedded default). */
export function createMailTransport(config: Config, log: Logger): MailTransport {
  return config.smtpUrl ? new SmtpTransport(config.smtpUrl, config.mailFrom) : new OutboxTransport(log);
}
