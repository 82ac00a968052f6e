import type { z } from 'zod';
import type { contactRequestSchema } from '@rankmaps/shared/schemas/contact';
import type { Container } from '../../container';
import { badRequest } from '../../errors';
import { queueEmail } from '../mail/mail.service';
import { buildContactEmail } from './contact.email';
import { contactRepository } from './contact.repository';

export const CAPTCHA_FAILED_MESSAGE = 'La verificación de seguridad ha fallado. Recarga la página e inténtalo de nuevo.';

/** Validated input: the schema has trimmed the fields and lower-cased the e-mail. */
export type ContactInput = z.output<typeof contactRequestSchema>;

/**
 * A visitor's message: the captcha is checked first, then the message is stored and the
 * notification to the support inbox queued in one transaction, so neither exists alone.
 */
export async function sendContactMessage(container: Pick<Container, 'boss' | 'captcha' | 'config' | 'database'>, input: ContactInput, remoteIp: string): Promise<void> {
  const human = await container.captcha.verify(input.recaptcha, remoteIp);
  if (!human) throw badRequest(CAPTCHA_FAILED_MESSAGE, 'CAPTCHA_FAILED');

  const { name, email, message } = input;
  await container.database.db.transaction(async (tx) => {
    await contactRepository.insert(tx, { name, email, message });
    await queueEmail(container, buildContactEmail({ name, email, message, supportEmail: container.config.supportEmail }), tx);
  });
}
