import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { invoiceCounters, invoices } from '../../db/billing-schema';
import { users } from '../../db/schema';

export type { InvoiceLine, InvoiceParty } from '../../db/billing-schema';
export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoice = typeof invoices.$inferInsert;

export const invoicesRepository = {
  /**
   * The next number of a series, counted in the caller's transaction. The upsert locks the
   * series' row until that transaction ends, so two payments recorded at once take consecutive
   * numbers one after the other, and a payment rolled back gives its number back: no gaps.
   */
  async takeNextNumber(tx: DbOrTx, series: string): Promise<number> {
    const [row] = await tx
      .insert(invoiceCounters)
      .values({ series, lastNumber: 1 })
      .onConflictDoUpdate({ target: invoiceCounters.series, set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` } })
      .returning({ lastNumber: invoiceCounters.lastNumber });
    if (!row) throw new Error(`invoice series ${series}: no number returned`);
    return row.lastNumber;
  },

  async insert(tx: DbOrTx, row: NewInvoice): Promise<InvoiceRow> {
    const [created] = await tx.insert(invoices).values(row).returning();
    if (!created) throw new Error(`invoice for payment ${row.paymentId} not written`);
    return created;
  },

  async findByPayment(db: DbOrTx, paymentId: string): Promise<InvoiceRow | undefined> {
    const [row] = await db.select().from(invoices).where(eq(invoices.paymentId, paymentId));
    return row;
  },

  /** The user's own invoice; another user's is not found, as one that does not exist. */
  async findOwned(db: DbOrTx, userId: string, id: string): Promise<InvoiceRow | undefined> {
    const [row] = await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.id, id), eq(invoices.userId, userId)));
    return row;
  },

  /** The invoices of the listed payments, for the payment history. */
  async listForPayments(db: DbOrTx, userId: string, paymentIds: string[]): Promise<InvoiceRow[]> {
    if (paymentIds.length === 0) return [];
    return db
      .select()
      .from(invoices)
      .where(and(eq(invoices.userId, userId), inArray(invoices.paymentId, paymentIds)));
  },

  /** The user's name and billing data now: the customer an invoice issued now is made out to. */
  async findCustomer(db: DbOrTx, userId: string) {
    const [row] = await db
      .select({ name: users.name, email: users.email, billingData: users.billingData })
      .from(users)
      .where(eq(users.id, userId));
    return row;
  },
};
