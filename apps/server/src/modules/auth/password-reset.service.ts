import type { Container } from '../../container';
import { badRequest } from '../../errors';
import { usersRepository } from '../users/users.repository';
import { sendPasswordResetEmail } from './auth-mail';
import { emailTokenRepository } from './email-token.repository';
import { INVALID_TOKEN } from './email-confirmation.service';
import { hashPassword } from './password';
import { refreshTokenRepository } from './refresh-token.repository';
import { forgetAccountFailures } from './sign-in-throttle.service';
import { hashToken } from './tokens';

/** Queues a reset link when the address has an account; the caller answers the same either way. */
export async function requestPasswordReset(container: Pick<Container, 'boss' | 'config' | 'database'>, email: string): Promise<void> {
  const db = container.database.db;
  const user = await usersRepository.findByEmail(db, email);
  if (!user) return;
  await db.transaction((tx) => sendPasswordResetEmail(container, user, tx));
}

/** Lets the reset form tell a dead link before the user types a new password. */
export async function assertResetTokenValid(container: Pick<Container, 'database'>, token: string): Promise<void> {
  const userId = await emailTokenRepository.findLiveUserId(container.database.db, 'reset', hashToken(token));
  if (!userId) throw badRequest(INVALID_TOKEN, 'INVALID_TOKEN');
}

/**
 * Sets a new password through a reset link. The link is used up, the other reset links die,
 * every signed-in device is signed out, access tokens included (whoever knew the old password
 * loses access), and the account's failed sign-in attempts are forgotten.
 */
export async function resetPassword(container: Pick<Container, 'config' | 'database' | 'sessions'>, token: string, newPassword: string): Promise<void> {
  // Hashed before the transaction, so the slow part holds no locks.
  const passwordHash = await hashPassword(newPassword, container.config);
  const userId = await container.database.db.transaction(async (tx) => {
    const id = await emailTokenRepository.consume(tx, 'reset', hashToken(token));
    if (!id) throw badRequest(INVALID_TOKEN, 'INVALID_TOKEN');
    await usersRepository.setPassword(tx, id, passwordHash);
    await emailTokenRepository.consumeAllForUser(tx, 'reset', id);
    await refreshTokenRepository.revokeAllForUser(tx, id);
    return id;
  });
  // After the commit: a lookup made meanwhile by another call already reads the revocation.
  container.sessions.markUserRevoked(userId);
  // The link proved the address: whoever kept the account waiting with wrong guesses no
  // longer stands between its owner and the new password (sign-in-throttle.service.ts).
  const user = await usersRepository.findById(container.database.db, userId);
  if (user) await forgetAccountFailures(container, user.email);
}
