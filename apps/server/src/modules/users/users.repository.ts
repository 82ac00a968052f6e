import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { users } from '../../db/schema';
import { workspaceMembers } from '../../db/workspaces-schema';
import { workspacesRepository } from '../workspaces/workspaces.repository';

/** Services pass transactions along without importing the database module themselves. */
export type { DbOrTx };

export type UserRow = typeof users.$inferSelect;
export type ProfileChanges = Partial<Pick<typeof users.$inferInsert, 'name' | 'options' | 'profilePicture' | 'billingData'>>;
export type NewUser = Pick<typeof users.$inferInsert, 'name' | 'email' | 'passwordHash' | 'googleSub' | 'mailConfirmed'>;

/** Every query on `users`. E-mails arrive lower-cased from the shared schemas. */
const findById = preparedStatement('user_find_by_id', (db) => db.select().from(users).where(eq(users.id, sql.placeholder('id'))));

export const usersRepository = {
  async findById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
    const [row] = await findById(db).execute({ id });
    return row;
  },

  /**
   * Whom a workspace's mail goes to (billing, credits, alerts): its current owner, who after an
   * ownership transfer is not the user whose id the workspace has (docs/decisions.md §30.3).
   * One statement, as reading that user was; a workspace with no owner row reads that user.
   */
  async findWorkspaceOwner(db: DbOrTx, workspaceId: string): Promise<UserRow | undefined> {
    const owner = db
      .select({ id: workspaceMembers.userId })
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, 'owner')));
    const [row] = await db
      .select()
      .from(users)
      .where(eq(users.id, sql`coalesce((${owner}), ${workspaceId}::uuid)`));
    return row;
  },

  async findByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.email, email));
    return row;
  },

  async findByGoogleSub(db: DbOrTx, sub: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.googleSub, sub));
    return row;
  },

  /**
   * Inserts unless the e-mail (or Google id) is taken. The unique indexes decide, so two sign-ups racing
   * for one address create one account; the loser gets undefined.
   */
  async insertIfEmailFree(db: DbOrTx, user: NewUser, options: { ownWorkspace?: boolean } = {}): Promise<UserRow | undefined> {
    // A sign-up owns a workspace from its first moment (docs/decisions.md §30.1); a person who
    // joins from an invitation belongs to the inviting one only.
    return db.transaction(async (tx) => {
      const [row] = await tx.insert(users).values(user).onConflictDoNothing().returning();
      if (row && options.ownWorkspace !== false) await workspacesRepository.createOwned(tx, row);
      return row;
    });
  },

  async markEmailConfirmed(db: DbOrTx, id: string): Promise<void> {
    await db.update(users).set({ mailConfirmed: true }).where(eq(users.id, id));
  },

  /** A reset link proves the address too, so the e-mail counts as confirmed afterwards. */
  async setPassword(db: DbOrTx, id: string, passwordHash: string): Promise<void> {
    await db.update(users).set({ passwordHash, mailConfirmed: true }).where(eq(users.id, id));
  },

  async linkGoogle(db: DbOrTx, id: string, changes: { googleSub: string; clearPassword: boolean }): Promise<UserRow | undefined> {
    const [row] = await db
      .update(users)
      .set({ googleSub: changes.googleSub, mailConfirmed: true, ...(changes.clearPassword ? { passwordHash: null } : {}) })
      .where(eq(users.id, id))
      .returning();
    return row;
  },

  /** Reads the row and holds its lock until the transaction ends (profile changes queue here). */
  async lockById(tx: DbOrTx, id: string): Promise<UserRow | undefined> {
    const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    return row;
  },

  async updateProfile(db: DbOrTx, id: string, changes: ProfileChanges): Promise<void> {
    if (Object.keys(changes).length === 0) return;
    await db.update(users).set(changes).where(eq(users.id, id));
  },
};
