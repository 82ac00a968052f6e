import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { supportTickets } from '../../db/support-schema';

export type SupportTicketRow = typeof supportTickets.$inferSelect;
export type NewSupportTicket = Omit<typeof supportTickets.$inferInsert, 'createdAt'> & { id: string };

export const supportRepository = {
  /** Who the session belongs to: the ticket is signed with these, never with the body's fields. */
  async findSender(db: DbOrTx, userId: string): Promise<{ id: string; name: string; email: string; mailConfirmed: boolean } | undefined> {
    const [row] = await db.select({ id: users.id, name: users.name, email: users.email, mailConfirmed: users.mailConfirmed }).from(users).where(eq(users.id, userId));
    return row;
  },

  /** The user's tickets, newest first: what /support lists (at most `limit`). */
  async listByUser(db: DbOrTx, userId: string, limit: number): Promise<Pick<SupportTicketRow, 'reference' | 'subject' | 'category' | 'priority' | 'createdAt'>[]> {
    return db
      .select({ reference: supportTickets.reference, subject: supportTickets.subject, category: supportTickets.category, priority: supportTickets.priority, createdAt: supportTickets.createdAt })
      .from(supportTickets)
      .where(eq(supportTickets.userId, userId))
      .orderBy(desc(supportTickets.createdAt), desc(supportTickets.id))
      .limit(limit);
  },

  async insert(db: DbOrTx, ticket: NewSupportTicket): Promise<SupportTicketRow> {
    const [row] = await db.insert(supportTickets).values(ticket).returning();
    if (!row) throw new Error('support ticket insert returned no row');
    return row;
  },
};
