import type { Container } from '../../container';
import { AppError, unauthorized } from '../../errors';
import { usersRepository } from '../users/users.repository';
import type { DeviceCookies } from './device-cookie';
import { verifyAgainstDummy, verifyPassword } from './password';
import { type IssuedSession, startSession } from './session.service';
import { beginSignInAttempt } from './sign-in-throttle.service';

export const WRONG_CREDENTIALS = 'Email o contraseña incorrectos.';
export const EMAIL_NOT_CONFIRMED = 'Debes confirmar tu email antes de iniciar sesión. Revisa tu bandeja de entrada.';

/** Where the attempt comes from: the client address and the browser's device cookie, if any. */
export interface SignInClient {
  address: string;
  deviceCookie: string | undefined;
  devices: DeviceCookies;
}

/**
 * Password sign-in. Unknown e-mails and password-less (Google) accounts are checked against a
 * dummy hash, so they get the same answer in about the same time as a wrong password; the
 * unconfirmed-e-mail answer comes only after the right password, so it reveals nothing.
 * Every attempt first passes the brute-force throttle (sign-in-throttle.service.ts), which
 * may refuse it with 429 before any hashing. A right password returns a fresh device cookie.
 */
export async function logIn(
  container: Pick<Container, 'accessTokens' | 'config' | 'database' | 'log'>,
  input: { email: string; password: string; remember: boolean },
  client: SignInClient,
): Promise<{ session: IssuedSession; deviceCookie: string }> {
  const user = await usersRepository.findByEmail(container.database.db, input.email);
  const trustedDevice = user && client.devices.isTrustedFor(client.deviceCookie, user.id) ? (client.deviceCookie ?? null) : null;
  const attempt = await beginSignInAttempt(container, { email: input.email, address: client.address, trustedDevice });
  const valid = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password, container.config);
  if (!user || !valid) throw unauthorized(WRONG_CREDENTIALS, 'INVALID_CREDENTIALS');
  await attempt.succeeded();
  if (!user.mailConfirmed) throw new AppError('EMAIL_NOT_CONFIRMED', EMAIL_NOT_CONFIRMED, 403, 'email_not_confirmed');
  return { session: await startSession(container, user.id, input.remember), deviceCookie: client.devices.issue(user.id) };
}
