import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { MailTransport } from './interface';
import { OutboxTransport } from './outbox';

export function createMailTransport(config: Config, log: Logger): MailTransport {
  // SMTP transport arrives with the accounts work; until then everything goes to the outbox.
  void config;
  return new OutboxTransport(log);
}
