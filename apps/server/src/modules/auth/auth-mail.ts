import { CONFIRM_TOKEN_TTL_HOURS, RESET_TOKEN_TTL_HOURS } from '@rankmaps/shared/constants';
import type { Container } from '../../container';
import { queueEmail } from '../mail/mail.service';
import type { DbOrTx, UserRow } from '../users/users.repository';
import { type EmailTokenPurpose, emailTokenRepository } from './email-token.repository';
import { confirmationEmail, passwordResetEmail } from './email-templates';
import { generateToken, hashToken } from './tokens';

const DEFAULT_REDIRECT = '/profile';

/** A new single-use token for the user's link; only its hash is stored, the token goes in the e-mail. */
async function newEmailToken(tx: DbOrTx, userId: string, purpose: EmailTokenPurpose, ttlHours: number): Promise<string> {
  const token = generateToken();
  await emailTokenRepository.insert(tx, { userId, purpose, tokenHash: hashToken(token), ttlSeconds: ttlHours * 3600 });
  return token;
}

/** Creates a confirmation link and queues its e-mail, inside the caller's transaction. */
export async function sendConfirmationEmail(container: Pick<Container, 'boss' | 'config' | 'database'>, user: Pick<UserRow, 'id' | 'name' | 'email'>, redirectTo: string | undefined, tx: DbOrTx) {
  const token = await newEmailToken(tx, user.id, 'confirm', CONFIRM_TOKEN_TTL_HOURS);
  const link = `${container.config.appUrl}/confirm-email/user/${token}?redirect=${encodeURIComponent(redirectTo ?? DEFAULT_REDIRECT)}`;
  await queueEmail(container, { to: user.email, kind: 'confirm-email', ...confirmationEmail({ name: user.name, link }) }, tx);
}

/** Creates a password-reset link and queues its e-mail, inside the caller's transaction. */
export async function sendPasswordResetEmail(container: Pick<Container, 'boss' | 'config' | 'database'>, user: Pick<UserRow, 'id' | 'name' | 'email'>, tx: DbOrTx) {
  const token = await newEmailToken(tx, user.id, 'reset', RESET_TOKEN_TTL_HOURS);
  const link = `${container.config.appUrl}/reset-password/${token}`;
  await queueEmail(container, { to: user.email, kind: 'password-reset', ...passwordResetEmail({ name: user.name, link }) }, tx);
}
