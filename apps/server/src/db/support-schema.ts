import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './schema';

// Tickets sent from the /support screen. The user's e-mail and name are copied from the
// session at send time, so the ticket still says who wrote it after a profile change.
// Category and priority are the shared enums (packages/shared/src/schemas/support.ts),
// kept as text so adding a value needs no migration.
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What both e-mails quote ('TK-' + 8 hex characters of the id), so replies can be matched. */
    reference: text('reference').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userEmail: text('user_email').notNull(),
    userName: text('user_name').notNull(),
    category: text('category').notNull(),
    priority: text('priority').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('support_tickets_reference_key').on(t.reference), index('support_tickets_user_idx').on(t.userId)],
);
