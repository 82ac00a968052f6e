import { CONFIRM_TOKEN_TTL_HOURS, RESET_TOKEN_TTL_HOURS } from '@rankmaps/shared/constants';
import type { Container } from '../../container';
import { queueEmail } from '../mail/mail.service';
import type { DbOrTx, UserRow } from '../users/users.repository';
import { emailTokenRepository } from './email-token.repository';
import { confirmationEmail, passwordResetEmail } from './email-templates';
import { generateToken, hashToken } from './tokens';

const DEFAULT_REDIRECT = '/profile';

/** Creates a confirmation link and queues its e-mail, inside the caller's transaction. */
export async function sendConfirmationEmail(container: Pick<Container, 'boss' | 'config' | 'database'>, user: Pick<UserRow, 'id' | 'name' | 'email'>, redirectTo: string | undefined, tx: DbOrTx) {
  const token = generateToken();
  await emailTokenRepository.insert(tx, {
    userId: user.id,
    purpose: 'confirm',
    tokenHash: hashToken(token),
    ttlSeconds: CONFIRM_TOKEN_TTL_HOURS * 3600,
  });
  const link = `${container.config.appUrl}/confirm-email/user/${token}?redirect=${encodeURIComponent(redirectTo ?? DEFAULT_REDIRECT)}`;
  await queueEmail(container, { to: user.email, kind: 'confirm-email', ...confirmationEmail({ name: user.name, link }) }, tx);
}

/** Creates a password-reset link and queues its e-mail, inside the caller's transaction. */
export async function sendPasswordResetEmail(container: Pick<Container, 'boss' | 'config' | 'database'>, user: Pick<UserRow, 'id' | 'name' | 'email'>, tx: DbOrTx) {
  const token = generateToken();
  await emailTokenRepository.insert(tx, {
    userId: user.id,
    purpose: 'reset',
    tokenHash: hashToken(token),
    ttlSeconds: RESET_TOKEN_TTL_HOURS * 3600,
  });
  const link = `${container.config.appUrl}/reset-password/${token}`;
  await queueEmail(container, { to: user.email, kind: 'password-reset', ...passwordResetEmail({ name: user.name, link }) }, tx);
}
