import type { Container } from '../../container';
import { AppError, unauthorized } from '../../errors';
import { usersRepository } from '../users/users.repository';
import { verifyAgainstDummy, verifyPassword } from './password';
import { type IssuedSession, startSession } from './session.service';

export const WRONG_CREDENTIALS = 'Email o contraseña incorrectos.';
export const EMAIL_NOT_CONFIRMED = 'Debes confirmar tu email antes de iniciar sesión. Revisa tu bandeja de entrada.';

/**
 * Password sign-in. Unknown e-mails and password-less (Google) accounts are checked against a
 * dummy hash, so they get the same answer in about the same time as a wrong password; the
 * unconfirmed-e-mail answer comes only after the right password, so it reveals nothing.
 */
export async function logIn(container: Container, input: { email: string; password: string; remember: boolean }): Promise<IssuedSession> {
  const user = await usersRepository.findByEmail(container.database.db, input.email);
  const valid = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password, container.config);
  if (!user || !valid) throw unauthorized(WRONG_CREDENTIALS, 'INVALID_CREDENTIALS');
  if (!user.mailConfirmed) throw new AppError('EMAIL_NOT_CONFIRMED', EMAIL_NOT_CONFIRMED, 403, 'email_not_confirmed');
  return startSession(container, user.id, input.remember);
}
