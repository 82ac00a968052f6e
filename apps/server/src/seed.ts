import type { Container } from './container';
import { hashPassword } from './modules/auth/password';
import { subscribeInSandbox } from './modules/billing/sandbox.service';
import { usersRepository } from './modules/users/users.repository';

export const DEMO_USER = { name: 'Demo RankMaps', email: 'demo@rankmaps.es', password: 'Demo1234!' } as const;
/** The demo account is on the professional plan Agency, paid monthly (1,500 credits a month). */
export const DEMO_PLAN = { planId: 'pro_agency', period: 'monthly' } as const;

/**
 * First start of the embedded default: a confirmed demo user to look around with, with
 * an active Agency subscription paid through the sandbox (no trial). Idempotent, and safe
 * when two processes start together: the unique e-mail index lets one insert win, and the
 * subscription is skipped once the user has one. The credentials are logged on every start.
 */
export async function seedDemoData(container: Container): Promise<void> {
  const db = container.database.db;
  let user = await usersRepository.findByEmail(db, DEMO_USER.email);
  if (!user) {
    const created = await usersRepository.insertIfEmailFree(db, {
      name: DEMO_USER.name,
      email: DEMO_USER.email,
      passwordHash: await hashPassword(DEMO_USER.password, container.config),
      googleSub: null,
      mailConfirmed: true,
    });
    if (created) container.log.info({ email: DEMO_USER.email }, 'cuenta demo creada');
    user = created ?? (await usersRepository.findByEmail(db, DEMO_USER.email));
  }
  if (user) {
    const result = await subscribeInSandbox(container, { id: user.id, email: user.email, name: user.name }, DEMO_PLAN);
    if (result === 'created') container.log.info({ email: DEMO_USER.email, plan: DEMO_PLAN.planId }, 'suscripción demo creada');
    if (result === 'unavailable') container.log.warn('la cuenta demo queda sin plan: el sandbox de pagos no está activo');
  }
  container.log.info(`Cuenta demo: entra con ${DEMO_USER.email} y la contraseña ${DEMO_USER.password}`);
}
