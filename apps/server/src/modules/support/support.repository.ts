import { eq } from 'drizzle-orm';
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

  async insert(db: DbOrTx, ticket: NewSupportTicket): Promise<SupportTicketRow> {
    const [row] = await db.insert(supportTickets).values(ticket).returning();
    if (!row) throw new Error('support ticket insert returned no row');
    return row;
  },
};
