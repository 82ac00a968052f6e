import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { supportTicketMessages, supportTickets } from '../../db/support-schema';

export type SupportTicketRow = typeof supportTickets.$inferSelect;
export type NewSupportTicket = Omit<typeof supportTickets.$inferInsert, 'createdAt' | 'lastActivityAt' | 'state'> & { id: string };
export type SupportMessageRow = typeof supportTicketMessages.$inferSelect;

const summaryColumns = {
  id: supportTickets.id,
  userId: supportTickets.userId,
  reference: supportTickets.reference,
  subject: supportTickets.subject,
  category: supportTickets.category,
  priority: supportTickets.priority,
  state: supportTickets.state,
  userName: supportTickets.userName,
  userEmail: supportTickets.userEmail,
  createdAt: supportTickets.createdAt,
  lastActivityAt: supportTickets.lastActivityAt,
};
export type SupportTicketSummaryRow = Pick<SupportTicketRow, keyof typeof summaryColumns>;

export const supportRepository = {
  /** Who the session belongs to: the ticket is signed with these, never with the body's fields. */
  async findSender(db: DbOrTx, userId: string): Promise<{ id: string; name: string; email: string; mailConfirmed: boolean } | undefined> {
    const [row] = await db.select({ id: users.id, name: users.name, email: users.email, mailConfirmed: users.mailConfirmed }).from(users).where(eq(users.id, userId));
    return row;
  },

  /** The user's tickets, newest activity first: what /support lists (at most `limit`). */
  async listByUser(db: DbOrTx, userId: string, limit: number): Promise<SupportTicketSummaryRow[]> {
    return db
      .select(summaryColumns)
      .from(supportTickets)
      .where(eq(supportTickets.userId, userId))
      .orderBy(desc(supportTickets.lastActivityAt), desc(supportTickets.createdAt), desc(supportTickets.id))
      .limit(limit);
  },

  /** Every customer's tickets (or those in `state`), newest activity first: the operator's inbox. */
  async listAll(db: DbOrTx, state: string | undefined, limit: number): Promise<SupportTicketSummaryRow[]> {
    return db
      .select(summaryColumns)
      .from(supportTickets)
      .where(state ? eq(supportTickets.state, state) : undefined)
      .orderBy(desc(supportTickets.lastActivityAt), desc(supportTickets.createdAt), desc(supportTickets.id))
      .limit(limit);
  },

  /** A ticket by reference; with `userId`, only if it is that user's (anyone else's looks missing). */
  async findByReference(db: DbOrTx, reference: string, userId?: string): Promise<SupportTicketRow | undefined> {
    const [row] = await db
      .select()
      .from(supportTickets)
      .where(userId ? and(eq(supportTickets.reference, reference), eq(supportTickets.userId, userId)) : eq(supportTickets.reference, reference));
    return row;
  },

  async findById(db: DbOrTx, id: string): Promise<SupportTicketRow | undefined> {
    const [row] = await db.select().from(supportTickets).where(eq(supportTickets.id, id));
    return row;
  },

  /** The thread after the ticket's own message, oldest first. */
  async messagesOf(db: DbOrTx, ticketId: string): Promise<SupportMessageRow[]> {
    return db.select().from(supportTicketMessages).where(eq(supportTicketMessages.ticketId, ticketId)).orderBy(asc(supportTicketMessages.createdAt), asc(supportTicketMessages.id));
  },

  /**
   * Adds a message and moves the ticket to `state`, its last activity to the message's time.
   * The message's time is the database's clock, never earlier than the thread's last one, so
   * the order holds even when two arrive in the same instant.
   */
  async addMessage(db: DbOrTx, ticketId: string, message: { author: 'cliente' | 'operador'; operatorId: string | null; body: string }, state: string): Promise<SupportMessageRow> {
    const [row] = await db
      .insert(supportTicketMessages)
      .values({
        ticketId,
        ...message,
        createdAt: sql`greatest(now(), (select max(${supportTicketMessages.createdAt}) + interval '1 millisecond' from ${supportTicketMessages} where ${supportTicketMessages.ticketId} = ${ticketId}))`,
      })
      .returning();
    if (!row) throw new Error('support message insert returned no row');
    await db.update(supportTickets).set({ state, lastActivityAt: row.createdAt }).where(eq(supportTickets.id, ticketId));
    return row;
  },

  async setState(db: DbOrTx, ticketId: string, state: string): Promise<void> {
    await db.update(supportTickets).set({ state }).where(eq(supportTickets.id, ticketId));
  },

  async insert(db: DbOrTx, ticket: NewSupportTicket): Promise<SupportTicketRow> {
    const [row] = await db.insert(supportTickets).values(ticket).returning();
    if (!row) throw new Error('support ticket insert returned no row');
    return row;
  },
};
