import { RESEND_COOLDOWN_SECONDS } from '@rankmaps/shared/constants';
import type { Container } from '../../container';
import { AppError, badRequest } from '../../errors';
import { queueWelcome } from '../account-mail/account-mail.service';
import { usersRepository } from '../users/users.repository';
import { sendConfirmationEmail } from './auth-mail';
import { emailCooldownRepository } from './email-cooldown.repository';
import { emailTokenRepository } from './email-token.repository';
import { type IssuedSession, startSession } from './session.service';
import { hashToken } from './tokens';

export const INVALID_TOKEN = 'Token inválido o expirado.';
export const RESEND_TOO_SOON = 'Espera un minuto antes de pedir otro enlace.';

/** Uses a confirmation link: confirms the address and signs the user in (not remembered). */
export async function confirmEmail(container: Pick<Container, 'accessTokens' | 'boss' | 'config' | 'database'>, token: string): Promise<IssuedSession> {
  return container.database.db.transaction(async (tx) => {
    const userId = await emailTokenRepository.consume(tx, 'confirm', hashToken(token));
    if (!userId) throw badRequest(INVALID_TOKEN, 'INVALID_TOKEN');
    await usersRepository.markEmailConfirmed(tx, userId);
    // Older links in the inbox have nothing left to confirm.
    await emailTokenRepository.consumeAllForUser(tx, 'confirm', userId);
    // The welcome commits with the confirmation: a confirmed user always gets it, once.
    await queueWelcome(container, tx, userId);
    return startSession(container, userId, false, tx);
  });
}

/**
 * Sends a new confirmation link when the address has an unconfirmed account. The answer and
 * the per-address cooldown are the same for every address, so neither reveals whether an
 * account exists.
 */
export async function resendConfirmation(container: Pick<Container, 'boss' | 'config' | 'database'>, email: string): Promise<void> {
  const db = container.database.db;
  const mayResend = await emailCooldownRepository.tryStart(db, hashToken(`confirm:${email}`), RESEND_COOLDOWN_SECONDS);
  if (!mayResend) throw new AppError('RESEND_COOLDOWN', RESEND_TOO_SOON, 429);
  const user = await usersRepository.findByEmail(db, email);
  if (!user || user.mailConfirmed) return;
  await db.transaction((tx) => sendConfirmationEmail(container, user, undefined, tx));
}
