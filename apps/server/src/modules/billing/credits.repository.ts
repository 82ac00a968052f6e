import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { creditLots, creditTransactions } from '../../db/billing-schema';
import { users } from '../../db/schema';

export type CreditLot = typeof creditLots.$inferSelect;
export type CreditTransaction = typeof creditTransactions.$inferSelect;
type NewTransaction = typeof creditTransactions.$inferInsert;

const balances = preparedStatement('credit_balances', (db) =>
  db
    .select({ source: creditLots.source, total: sql<string>`coalesce(sum(${creditLots.remaining}), 0)` })
    .from(creditLots)
    .where(and(eq(creditLots.userId, sql.placeholder('userId')), gt(creditLots.expiresAt, sql.placeholder('now'))))
    .groupBy(creditLots.source),
);

export const creditsRepository = {
  /** Serialises credit changes of one user: concurrent spends queue behind this row lock. */
  async lockUser(tx: DbOrTx, userId: string): Promise<boolean> {
    const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    return rows.length > 0;
  },

  /** Lots with credits left, in spending order: plan credits first, then purchases oldest first. */
  async spendableLots(tx: DbOrTx, userId: string, now: Date): Promise<CreditLot[]> {
    return tx
      .select()
      .from(creditLots)
      .where(and(eq(creditLots.userId, userId), gt(creditLots.remaining, 0), gt(creditLots.expiresAt, now)))
      .orderBy(sql`case when ${creditLots.source} = 'subscription' then 0 else 1 end`, asc(creditLots.createdAt));
  },

  async balances(db: DbOrTx, userId: string, now: Date): Promise<{ subscription: number; extra: number }> {
    const rows = await balances(db).execute({ userId, now });
    const sum = (pred: (s: string) => boolean) => rows.filter((r) => pred(r.source)).reduce((n, r) => n + Number(r.total), 0);
    return { subscription: sum((s) => s === 'subscription'), extra: sum((s) => s !== 'subscription') };
  },

  async findTransaction(tx: DbOrTx, kind: CreditTransaction['kind'], reference: string): Promise<CreditTransaction | undefined> {
    const [row] = await tx
      .select()
      .from(creditTransactions)
      .where(and(eq(creditTransactions.kind, kind), eq(creditTransactions.reference, reference)));
    return row;
  },

  async insertTransaction(tx: DbOrTx, row: NewTransaction): Promise<void> {
    await tx.insert(creditTransactions).values(row);
  },

  async addToLot(tx: DbOrTx, lotId: string, delta: number): Promise<void> {
    await tx
      .update(creditLots)
      .set({ remaining: sql`${creditLots.remaining} + ${delta}` })
      .where(eq(creditLots.id, lotId));
  },

  /** Inserts a lot unless one with the same reference exists; true when inserted. */
  async insertLot(tx: DbOrTx, lot: typeof creditLots.$inferInsert): Promise<CreditLot | null> {
    const rows = await tx.insert(creditLots).values(lot).onConflictDoNothing({ target: creditLots.reference }).returning();
    return rows[0] ?? null;
  },

  /** Active plan lots of a user other than `keepId`: replaced by a new grant. */
  async activeSubscriptionLots(tx: DbOrTx, userId: string, now: Date): Promise<CreditLot[]> {
    return tx
      .select()
      .from(creditLots)
      .where(and(eq(creditLots.userId, userId), eq(creditLots.source, 'subscription'), gt(creditLots.remaining, 0), gt(creditLots.expiresAt, now)));
  },

  async expireLot(tx: DbOrTx, lotId: string, now: Date): Promise<void> {
    await tx.update(creditLots).set({ remaining: 0, expiresAt: now }).where(eq(creditLots.id, lotId));
  },

  /** Every lot of the user still valid at `now`, spent or not. */
  async unexpiredLots(tx: DbOrTx, userId: string, now: Date): Promise<CreditLot[]> {
    return tx
      .select()
      .from(creditLots)
      .where(and(eq(creditLots.userId, userId), gt(creditLots.expiresAt, now)));
  },
};
