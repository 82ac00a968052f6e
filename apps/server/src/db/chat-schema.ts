import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ownerUserId, users } from './schema';
import { createdAt, uuidKey } from './columns';

// The live chat (docs/support.md, «Chat en vivo»; docs/decisions.md §27.2). One conversation
// per customer, kept for good: its history is the customer's whole chat with support.
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: uuidKey(),
    userId: ownerUserId(),
    /** The last message's sequence number: the next message takes last_seq + 1 under this row's lock. */
    lastSeq: integer('last_seq').notNull().default(0),
    /** Read markers: the last message id each side has seen. */
    customerReadSeq: integer('customer_read_seq').notNull().default(0),
    operatorReadSeq: integer('operator_read_seq').notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('chat_conversations_user_key').on(t.userId), index('chat_conversations_activity_idx').on(t.lastMessageAt)],
);

// A conversation's messages, numbered 1, 2, 3… per conversation: the number is the SSE event
// id, so a stream reconnecting with Last-Event-ID gets exactly the messages after it.
export const chatMessages = pgTable(
  'chat_messages',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    /** 'cliente' | 'operador'. */
    author: text('author').notNull(),
    /** The operator who wrote it (null for the customer's, or once that account is gone). */
    operatorId: uuid('operator_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    /** The sender's id for the message (a retry with the same one stores nothing new). */
    clientId: uuid('client_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.seq] }), uniqueIndex('chat_messages_client_key').on(t.conversationId, t.clientId)],
);

// Operators online: one row per open operator stream, its expiry pushed forward by each
// heartbeat. A process that dies leaves rows that expire on their own, so presence holds
// across API processes without any of them keeping it in memory.
export const chatPresence = pgTable(
  'chat_presence',
  {
    streamId: uuid('stream_id').primaryKey(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('chat_presence_expires_idx').on(t.expiresAt)],
);
