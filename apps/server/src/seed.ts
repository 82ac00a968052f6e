import type { Container } from './container';
import { hashPassword } from './modules/auth/password';
import { usersRepository } from './modules/users/users.repository';

export const DEMO_USER = { name: 'Cuenta Demo', email: 'demo@rankmaps.es', password: 'Demo1234!' } as const;

/**
 * First start of the embedded default: a confirmed demo user to look around with.
 * Idempotent, and safe when two processes start together: the unique e-mail index lets
 * one insert win and the other do nothing. The credentials are logged on every start.
 */
export async function seedDemoData(container: Container): Promise<void> {
  const db = container.database.db;
  if (!(await usersRepository.findByEmail(db, DEMO_USER.email))) {
    const created = await usersRepository.insertIfEmailFree(db, {
      name: DEMO_USER.name,
      email: DEMO_USER.email,
      passwordHash: await hashPassword(DEMO_USER.password, container.config),
      googleSub: null,
      mailConfirmed: true,
    });
    if (created) container.log.info({ email: DEMO_USER.email }, 'cuenta demo creada');
  }
  container.log.info(`Cuenta demo: entra con ${DEMO_USER.email} y la contraseña ${DEMO_USER.password}`);
}
