import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ownerUserId, users } from './schema';
import { createdAt, uuidKey } from './columns';

// Tickets sent from the /support screen. The user's e-mail and name are copied from the
// session at send time, so the ticket still says who wrote it after a profile change.
// Category and priority are the shared enums (packages/shared/src/schemas/support.ts),
// kept as text so adding a value needs no migration.
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuidKey(),
    /** What both e-mails quote ('TK-' + 8 hex characters of the id), so replies can be matched. */
    reference: text('reference').notNull(),
    userId: ownerUserId(),
    userEmail: text('user_email').notNull(),
    userName: text('user_name').notNull(),
    category: text('category').notNull(),
    priority: text('priority').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** 'abierto' | 'esperando' | 'cerrado' (SUPPORT_TICKET_STATES in packages/shared/src/schemas/support.ts; docs/support.md). */
    state: text('state').notNull().default('abierto'),
    /** The last message of the thread (or the ticket itself): lists sort by it, newest first. */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('support_tickets_reference_key').on(t.reference),
    index('support_tickets_user_idx').on(t.userId),
    index('support_tickets_state_activity_idx').on(t.state, t.lastActivityAt),
  ],
);

// A ticket's thread after its first message (which is support_tickets.message): the customer's
// replies and the operators' answers, in order. Plain text; every screen shows it as text.
export const supportTicketMessages = pgTable(
  'support_ticket_messages',
  {
    id: uuidKey(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    /** 'cliente' | 'operador'. */
    author: text('author').notNull(),
    /** The operator who answered (null for the customer's messages, or once that account is gone). */
    operatorId: uuid('operator_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('support_ticket_messages_ticket_idx').on(t.ticketId, t.createdAt)],
);

// Who may use the operator's inbox (/operator). Only the server-side command grants it
// (`npm run operator:add -- email`, docs/support.md): no route writes this table.
export const operators = pgTable('operators', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
});

// Every look an operator takes at a customer's account (the customer panel): who, whose, when
// and what. Written in the same request that answers, before the answer is sent.
export const operatorAuditLog = pgTable(
  'operator_audit_log',
  {
    id: uuidKey(),
    operatorId: uuid('operator_id').references(() => users.id, { onDelete: 'set null' }),
    /** The operator's e-mail at the time, so the log still says who looked after the account is gone. */
    operatorEmail: text('operator_email').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The ticket the look was taken from, by reference. */
    ticketReference: text('ticket_reference'),
    /** What was shown, e.g. 'plan y negocios'. */
    what: text('what').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('operator_audit_log_customer_idx').on(t.customerId, t.createdAt)],
);
