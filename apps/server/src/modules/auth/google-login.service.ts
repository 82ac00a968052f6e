import { NAME_MAX_LENGTH } from '@rankmaps/shared/constants';
import { emailSchema } from '@rankmaps/shared/schemas/auth';
import type { Container } from '../../container';
import { notFound, unauthorized } from '../../errors';
import { type UserRow, usersRepository } from '../users/users.repository';
import type { GoogleIdentity, GoogleIdTokenVerifier } from './google-id-token';
import { type IssuedSession, startSession } from './session.service';

export const GOOGLE_DISABLED = 'El inicio de sesión con Google no está disponible.';
export const GOOGLE_UNVERIFIED = 'No se pudo verificar tu cuenta de Google.';

/**
 * Google sign-in: the account already linked to this Google id, else the account with the
 * same (Google-verified) e-mail, which gets linked, else a new confirmed account.
 * Always a remembered session, as Google's own sign-in is.
 */
export async function logInWithGoogle(container: Pick<Container, 'accessTokens' | 'database' | 'log'>, verifier: GoogleIdTokenVerifier | null, idToken: string): Promise<IssuedSession> {
  if (!verifier) throw notFound(GOOGLE_DISABLED, 'GOOGLE_DISABLED');
  const identity = await verifier.verify(idToken);
  const email = identity ? emailSchema.safeParse(identity.email) : null;
  if (!identity || !email?.success) throw unauthorized(GOOGLE_UNVERIFIED, 'GOOGLE_TOKEN_INVALID');
  const user = await findOrCreateUser(container, { ...identity, email: email.data });
  return startSession(container, user.id, true);
}

async function findOrCreateUser(container: Pick<Container, 'database' | 'log'>, identity: GoogleIdentity): Promise<UserRow> {
  const db = container.database.db;
  // Two attempts: a concurrent first sign-in may create the account between our read and write.
  for (let attempt = 0; attempt < 2; attempt++) {
    const bySub = await usersRepository.findByGoogleSub(db, identity.sub);
    if (bySub) return bySub;
    const byEmail = await usersRepository.findByEmail(db, identity.email);
    if (byEmail) return linkExisting(container, byEmail, identity);
    const created = await usersRepository.insertIfEmailFree(db, {
      name: (identity.name ?? identity.email.split('@')[0] ?? identity.email).slice(0, NAME_MAX_LENGTH),
      email: identity.email,
      passwordHash: null,
      googleSub: identity.sub,
      mailConfirmed: true,
    });
    if (created) return created;
  }
  throw unauthorized(GOOGLE_UNVERIFIED, 'GOOGLE_LINK_FAILED');
}

async function linkExisting(container: Pick<Container, 'database' | 'log'>, user: UserRow, identity: GoogleIdentity): Promise<UserRow> {
  // An address already tied to another Google account is not silently moved to this one.
  if (user.googleSub && user.googleSub !== identity.sub) throw unauthorized(GOOGLE_UNVERIFIED, 'GOOGLE_ACCOUNT_MISMATCH');
  // A password set on an unconfirmed account was never proven to belong to the address's
  // owner (anyone can sign up with any e-mail), so it is dropped when Google proves ownership.
  const linked = await usersRepository.linkGoogle(container.database.db, user.id, {
    googleSub: identity.sub,
    clearPassword: !user.mailConfirmed,
  });
  if (!linked) throw unauthorized(GOOGLE_UNVERIFIED, 'GOOGLE_LINK_FAILED');
  if (!user.mailConfirmed) container.log.info({ userId: user.id }, 'google sign-in confirmed an unconfirmed account; its password was cleared');
  return linked;
}
