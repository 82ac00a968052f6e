import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import { chatConversations, chatMessages, chatPresence } from '../../db/chat-schema';
import { type DbOrTx, rowsOf } from '../../db/client';
import { users } from '../../db/schema';

export type ChatConversationRow = typeof chatConversations.$inferSelect;
export type ChatMessageRow = typeof chatMessages.$inferSelect;

/** The channel every API process LISTENs on (docs/decisions.md §27.2). Payloads carry ids only. */
export const CHAT_CHANNEL = 'rankmaps_chat';

export const chatRepository = {
  /** The customer's conversation, created on first use (one per customer). */
  async ensureConversation(db: DbOrTx, userId: string): Promise<ChatConversationRow> {
    await db.insert(chatConversations).values({ userId }).onConflictDoNothing();
    const [row] = await db.select().from(chatConversations).where(eq(chatConversations.userId, userId));
    if (!row) throw new Error('chat conversation missing after insert');
    return row;
  },

  async findConversationOf(db: DbOrTx, userId: string): Promise<ChatConversationRow | undefined> {
    const [row] = await db.select().from(chatConversations).where(eq(chatConversations.userId, userId));
    return row;
  },

  async findConversation(db: DbOrTx, id: string): Promise<ChatConversationRow | undefined> {
    const [row] = await db.select().from(chatConversations).where(eq(chatConversations.id, id));
    return row;
  },

  /** Messages after `afterSeq`, oldest first (at most `limit`). */
  async messagesAfter(db: DbOrTx, conversationId: string, afterSeq: number, limit = 500): Promise<ChatMessageRow[]> {
    return db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.conversationId, conversationId), gt(chatMessages.seq, afterSeq)))
      .orderBy(asc(chatMessages.seq))
      .limit(limit);
  },

  /** The last `limit` messages, oldest first: the history a panel opens with. */
  async lastMessages(db: DbOrTx, conversationId: string, limit: number): Promise<ChatMessageRow[]> {
    const rows = await db.select().from(chatMessages).where(eq(chatMessages.conversationId, conversationId)).orderBy(desc(chatMessages.seq)).limit(limit);
    return rows.reverse();
  },

  async findByClientId(db: DbOrTx, conversationId: string, clientId: string): Promise<ChatMessageRow | undefined> {
    const [row] = await db.select().from(chatMessages).where(and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.clientId, clientId)));
    return row;
  },

  /**
   * Appends a message: the conversation's row is locked while its counter moves on, so numbers
   * are 1, 2, 3… with no gap and no repeat, whichever process writes. Run inside a transaction.
   */
  async append(tx: DbOrTx, conversationId: string, message: { author: 'cliente' | 'operador'; operatorId: string | null; body: string; clientId: string | null; ticketReference?: string | null }): Promise<ChatMessageRow> {
    // The sender has read everything up to their own message: their marker moves in the same
    // statement (SET reads the row's old values, so last_seq + 1 is the new number).
    const marker = message.author === 'cliente' ? { customerReadSeq: sql`${chatConversations.lastSeq} + 1` } : { operatorReadSeq: sql`${chatConversations.lastSeq} + 1` };
    const [conversation] = await tx
      .update(chatConversations)
      .set({ lastSeq: sql`${chatConversations.lastSeq} + 1`, lastMessageAt: sql`now()`, ...marker })
      .where(eq(chatConversations.id, conversationId))
      .returning({ seq: chatConversations.lastSeq });
    if (!conversation) throw new Error('chat conversation missing');
    const [row] = await tx
      .insert(chatMessages)
      .values({ conversationId, seq: conversation.seq, ...message })
      .returning();
    if (!row) throw new Error('chat message insert returned no row');
    return row;
  },

  /** Moves one side's read marker forward (never back, never past the last message); the new value. */
  async markRead(db: DbOrTx, conversationId: string, side: 'cliente' | 'operador', upTo: number): Promise<number | undefined> {
    const column = side === 'cliente' ? chatConversations.customerReadSeq : chatConversations.operatorReadSeq;
    const key = side === 'cliente' ? 'customerReadSeq' : 'operatorReadSeq';
    const [row] = await db
      .update(chatConversations)
      .set({ [key]: sql`greatest(${column}, least(${upTo}, ${chatConversations.lastSeq}))` })
      .where(eq(chatConversations.id, conversationId))
      .returning({ value: column });
    return row?.value;
  },

  /** The operators' list: conversations with messages, newest first, with the customer and the unread count. */
  async listForOperators(db: DbOrTx, limit: number) {
    return db
      .select({
        id: chatConversations.id,
        customerName: users.name,
        customerEmail: users.email,
        lastMessageAt: chatConversations.lastMessageAt,
        lastSeq: chatConversations.lastSeq,
        operatorReadSeq: chatConversations.operatorReadSeq,
        customerReadSeq: chatConversations.customerReadSeq,
        unread: sql<number>`(select count(*)::int from ${chatMessages} m where m.conversation_id = ${chatConversations.id} and m.author = 'cliente' and m.seq > ${chatConversations.operatorReadSeq})`,
        lastMessage: sql<string | null>`(select m.body from ${chatMessages} m where m.conversation_id = ${chatConversations.id} order by m.seq desc limit 1)`,
      })
      .from(chatConversations)
      .innerJoin(users, eq(users.id, chatConversations.userId))
      .where(gt(chatConversations.lastSeq, 0))
      .orderBy(desc(chatConversations.lastMessageAt))
      .limit(limit);
  },

  /** Tells every API process (docs/decisions.md §27.2); inside a transaction it goes out at commit. */
  async notify(db: DbOrTx, payload: ChatNotice): Promise<void> {
    await db.execute(sql`select pg_notify(${CHAT_CHANNEL}, ${JSON.stringify(payload)})`);
  },

  /** An open operator stream: online until `seconds` from now unless renewed. */
  async touchPresence(db: DbOrTx, streamIds: { streamId: string; operatorId: string }[], seconds: number): Promise<void> {
    if (streamIds.length === 0) return;
    await db
      .insert(chatPresence)
      .values(streamIds.map((s) => ({ ...s, expiresAt: sql`now() + make_interval(secs => ${seconds})` })))
      .onConflictDoUpdate({ target: chatPresence.streamId, set: { expiresAt: sql`excluded.expires_at` } });
  },

  async dropPresence(db: DbOrTx, streamId: string): Promise<void> {
    await db.delete(chatPresence).where(eq(chatPresence.streamId, streamId));
  },

  /** Whether any operator has a live stream, in any process. */
  async operatorsOnline(db: DbOrTx): Promise<boolean> {
    const rows = await rowsOf<{ online: boolean }>(db, sql`select exists(select 1 from ${chatPresence} where ${chatPresence.expiresAt} > now()) as online`);
    return rows[0]?.online === true;
  },
};

/**
 * What a NOTIFY says: ids only, each process reads the rows (docs/decisions.md §27.2).
 * m: a message (conversation, number); t: someone is typing; r: a read marker moved; p: operator presence changed.
 */
export type ChatNotice =
  | { k: 'm'; c: string; s: number }
  | { k: 't'; c: string; a: 'cliente' | 'operador' }
  | { k: 'r'; c: string; a: 'cliente' | 'operador'; s: number }
  | { k: 'p' };
