import { randomUUID } from 'node:crypto';
import type { Container } from '../src/container';
import { users } from '../src/db/schema';
import { workspacesRepository } from '../src/modules/workspaces/workspaces.repository';

/** An address no other test uses, so tests can share one database. */
export const uniqueEmail = (label = 'user') => `${label}-${randomUUID().slice(0, 8)}@example.com`;

/** Columns of a user row a test sets itself; the rest take buildUser's defaults. */
export type UserFields = Partial<typeof users.$inferInsert>;

/** Inserts a confirmed user directly, for tests that are not about sign-up. */
export async function buildUser(container: Container, overrides: UserFields = {}) {
  const [row] = await container.database.db
    .insert(users)
    .values({ name: 'Usuaria de Prueba', email: `u-${randomUUID()}@example.com`, mailConfirmed: true, ...overrides })
    .returning();
  if (!row) throw new Error('user insert failed');
  // As a sign-up does: the user owns a workspace with their id (docs/decisions.md §30.1).
  await workspacesRepository.createOwned(container.database.db, row);
  return row;
}
