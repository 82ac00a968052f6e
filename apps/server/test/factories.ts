import { randomUUID } from 'node:crypto';
import type { Container } from '../src/container';
import { users } from '../src/db/schema';

/** Inserts a confirmed user directly, for tests that are not about sign-up. */
export async function buildUser(container: Container, overrides: Partial<typeof users.$inferInsert> = {}) {
  const [row] = await container.database.db
    .insert(users)
    .values({ name: 'Usuaria de Prueba', email: `u-${randomUUID()}@example.com`, mailConfirmed: true, ...overrides })
    .returning();
  if (!row) throw new Error('user insert failed');
  return row;
}
