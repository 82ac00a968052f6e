import type { Container } from '../../container';
import { conflict } from '../../errors';
import { usersRepository } from '../users/users.repository';
import { sendConfirmationEmail } from './auth-mail';
import { hashPassword } from './password';

export const EMAIL_TAKEN = 'Ya existe una cuenta con este email.';

/** Creates an unconfirmed account and queues its confirmation e-mail; both commit together. */
export async function signUp(container: Pick<Container, 'boss' | 'config' | 'database'>, input: { name: string; email: string; password: string; redirectTo?: string | undefined }) {
  const db = container.database.db;
  // A cheap early answer; the unique index below is what holds under concurrent sign-ups.
  if (await usersRepository.findByEmail(db, input.email)) throw conflict(EMAIL_TAKEN, 'EMAIL_TAKEN');
  const passwordHash = await hashPassword(input.password, container.config);
  await db.transaction(async (tx) => {
    const user = await usersRepository.insertIfEmailFree(tx, {
      name: input.name,
      email: input.email,
      passwordHash,
      googleSub: null,
      mailConfirmed: false,
    });
    if (!user) throw conflict(EMAIL_TAKEN, 'EMAIL_TAKEN');
    await sendConfirmationEmail(container, user, input.redirectTo, tx);
  });
}
