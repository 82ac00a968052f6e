import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { places } from '../../db/places-schema';
import { users } from '../../db/schema';
import { operatorAuditLog, operators } from '../../db/support-schema';

export type AuditRow = typeof operatorAuditLog.$inferSelect;

export const operatorRepository = {
  /** The account with this e-mail (compared without case), if any. */
  async findUserByEmail(db: DbOrTx, email: string): Promise<{ id: string; email: string; name: string } | undefined> {
    const [row] = await db.select({ id: users.id, email: users.email, name: users.name }).from(users).where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
    return row;
  },

  async findUser(db: DbOrTx, userId: string): Promise<{ id: string; email: string; name: string } | undefined> {
    const [row] = await db.select({ id: users.id, email: users.email, name: users.name }).from(users).where(eq(users.id, userId));
    return row;
  },

  async isOperator(db: DbOrTx, userId: string): Promise<boolean> {
    const [row] = await db.select({ userId: operators.userId }).from(operators).where(eq(operators.userId, userId));
    return row !== undefined;
  },

  /** Grants the role; true when it is new. */
  async grant(db: DbOrTx, userId: string): Promise<boolean> {
    const rows = await db.insert(operators).values({ userId }).onConflictDoNothing().returning();
    return rows.length > 0;
  },

  /** Takes the role away; true when the user had it. */
  async revoke(db: DbOrTx, userId: string): Promise<boolean> {
    const rows = await db.delete(operators).where(eq(operators.userId, userId)).returning();
    return rows.length > 0;
  },

  async placesOf(db: DbOrTx, userId: string): Promise<{ name: string; address: string }[]> {
    return db.select({ name: places.name, address: places.address }).from(places).where(eq(places.userId, userId)).orderBy(asc(places.createdAt), asc(places.id));
  },

  async logLook(db: DbOrTx, entry: { operatorId: string; operatorEmail: string; customerId: string; ticketReference: string | null; what: string }): Promise<void> {
    await db.insert(operatorAuditLog).values(entry);
  },

  async auditOf(db: DbOrTx, customerId: string): Promise<AuditRow[]> {
    return db.select().from(operatorAuditLog).where(eq(operatorAuditLog.customerId, customerId)).orderBy(asc(operatorAuditLog.createdAt));
  },
};
