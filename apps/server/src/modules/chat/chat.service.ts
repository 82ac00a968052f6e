import { randomUUID } from 'node:crypto';
import { getPlan } from '@rankmaps/shared/plans';
import type { ChatAuthor, ChatAvailability, ChatSent, ChatState, OperatorChatSummary, OperatorChatThread } from '@rankmaps/shared/schemas/chat';
import type { Container } from '../../container';
import type { DbOrTx } from '../../db/client';
import { forbidden, notFound, unauthorized } from '../../errors';
import { getCurrentPlanState } from '../billing/billing.service';
import { liveSupportUpgradeMessage } from '../billing/upgrade-messages';
import { supportRepository } from '../support/support.repository';
import { createTicket } from '../support/support.service';
import { type ChatHub, toChatMessage } from './chat-hub';
import { type ChatConversationRow, type ChatMessageRow, chatRepository } from './chat.repository';

/** The live chat's use cases (docs/support.md, «Chat en vivo»; docs/decisions.md §27.2). */
export type ChatDeps = Pick<Container, 'boss' | 'config' | 'database'> & { hub: ChatHub };

/** How many messages a panel opens with. */
export const CHAT_HISTORY = 200;
/** How many conversations the operators' list shows. */
export const OPERATOR_CHATS_LISTED = 100;
export const CONVERSATION_NOT_FOUND = 'Conversación no encontrada.';
/** The subject of a ticket made from a chat message sent outside hours or with no operator online. */
export const CHAT_TICKET_SUBJECT = 'Mensaje del chat en vivo';

/** 403 with the plan that has live support, unless the user's plan has it (docs/decisions.md §27.1). */
export async function requireLiveSupport(container: Pick<Container, 'config' | 'database'>, userId: string): Promise<void> {
  const state = await getCurrentPlanState(container, userId);
  const plan = state.plan ?? getPlan(state.currentPlan ?? '');
  if (!plan?.liveSupport) throw forbidden(liveSupportUpgradeMessage(state.currentPlan), 'UPGRADE_REQUIRED', 'upgrade_required');
}

export async function getChat(deps: ChatDeps, userId: string): Promise<ChatState> {
  await requireLiveSupport(deps, userId);
  const db = deps.database.db;
  const conversation = await chatRepository.ensureConversation(db, userId);
  const [messages, availability] = await Promise.all([chatRepository.lastMessages(db, conversation.id, CHAT_HISTORY), deps.hub.availability()]);
  return {
    conversationId: conversation.id,
    availability,
    messages: messages.map(toChatMessage),
    operatorReadUpTo: conversation.operatorReadSeq,
    customerReadUpTo: conversation.customerReadSeq,
  };
}

/** The customer's conversation for a stream, and where its catch-up starts (the last message when none is named). */
export async function customerStreamStart(deps: ChatDeps, userId: string, lastSeen: number | undefined): Promise<{ conversation: ChatConversationRow; from: number }> {
  await requireLiveSupport(deps, userId);
  const conversation = await chatRepository.ensureConversation(deps.database.db, userId);
  return { conversation, from: lastSeen ?? conversation.lastSeq };
}

export async function catchUp(deps: ChatDeps, conversationId: string, from: number) {
  const rows = await chatRepository.messagesAfter(deps.database.db, conversationId, from);
  return { messages: rows.map(toChatMessage) };
}

async function appendAndNotify(db: DbOrTx, conversationId: string, message: { author: ChatAuthor; operatorId: string | null; body: string; clientId: string | null; ticketReference?: string | null }) {
  return db.transaction(async (tx) => {
    if (message.clientId) {
      const existing = await chatRepository.findByClientId(tx, conversationId, message.clientId);
      if (existing) return existing;
    }
    const row = await chatRepository.append(tx, conversationId, message);
    // Sent at commit: every process reads the row only once it exists.
    await chatRepository.notify(tx, { k: 'm', c: conversationId, s: row.seq });
    return row;
  });
}

/** The answer to a message that became a ticket: the notice (why) and the message as the history keeps it. */
function ticketAnswer(reference: string, row: ChatMessageRow, reason: ChatAvailability['reason']): ChatSent {
  // A retry once the chat has opened again still reads as the nobody-online case it was.
  const why = reason === 'fuera-de-horario' ? 'Ahora estamos fuera del horario del chat' : 'Ahora no hay nadie del equipo conectado al chat';
  return {
    delivered: 'ticket',
    reference,
    notice: `${why}, así que hemos convertido tu mensaje en el ticket ${reference}. Te responderemos por email y verás la respuesta en Soporte.`,
    message: toChatMessage(row),
  };
}

/**
 * A customer's message. Inside the hours with an operator online it goes to the live chat;
 * otherwise it becomes a support ticket, with the confirmation e-mail, and the answer comes by
 * e-mail and in /support (docs/support.md). A retry with the same clientId stores nothing new.
 */
export async function sendAsCustomer(deps: ChatDeps, userId: string, input: { body: string; clientId?: string | undefined }): Promise<ChatSent> {
  await requireLiveSupport(deps, userId);
  const db = deps.database.db;
  const conversation = await chatRepository.ensureConversation(db, userId);
  const availability = await deps.hub.availability();
  if (input.clientId) {
    const existing = await chatRepository.findByClientId(db, conversation.id, input.clientId);
    if (existing?.ticketReference) return ticketAnswer(existing.ticketReference, existing, availability.reason);
    if (existing) return { delivered: 'chat', message: toChatMessage(existing) };
  }
  if (!availability.available) {
    const sender = await supportRepository.findSender(db, userId);
    if (!sender) throw unauthorized();
    // The message's clientId becomes the ticket's id: a retry finds the ticket it already made.
    const earlier = input.clientId ? await supportRepository.findById(db, input.clientId) : undefined;
    const ticketId = input.clientId && !earlier ? input.clientId : randomUUID();
    const { reference } =
      earlier?.userId === userId ? earlier : await createTicket(deps, sender, { category: 'otro', priority: 'media', subject: CHAT_TICKET_SUBJECT, message: input.body }, ticketId);
    // The message stays in the chat's history, marked with its ticket (the clientId keeps a retry from storing it twice).
    const row = await appendAndNotify(db, conversation.id, { author: 'cliente', operatorId: null, body: input.body, clientId: input.clientId ?? null, ticketReference: reference });
    return ticketAnswer(reference, row, availability.reason);
  }
  const row = await appendAndNotify(db, conversation.id, { author: 'cliente', operatorId: null, body: input.body, clientId: input.clientId ?? null });
  return { delivered: 'chat', message: toChatMessage(row) };
}

export async function customerTyping(deps: ChatDeps, userId: string): Promise<void> {
  await requireLiveSupport(deps, userId);
  const conversation = await chatRepository.ensureConversation(deps.database.db, userId);
  await chatRepository.notify(deps.database.db, { k: 't', c: conversation.id, a: 'cliente' });
}

export async function customerRead(deps: ChatDeps, userId: string, upTo: number): Promise<{ upTo: number }> {
  await requireLiveSupport(deps, userId);
  const conversation = await chatRepository.ensureConversation(deps.database.db, userId);
  return markRead(deps, conversation, 'cliente', upTo);
}

async function markRead(deps: ChatDeps, conversation: ChatConversationRow, side: ChatAuthor, upTo: number): Promise<{ upTo: number }> {
  const db = deps.database.db;
  const before = side === 'cliente' ? conversation.customerReadSeq : conversation.operatorReadSeq;
  const value = (await chatRepository.markRead(db, conversation.id, side, upTo)) ?? before;
  if (value > before) await chatRepository.notify(db, { k: 'r', c: conversation.id, a: side, s: value });
  return { upTo: value };
}

// The operators' side: /api/operator/chat/*, behind requireOperator (docs/support.md).

type SummaryRow = Awaited<ReturnType<typeof chatRepository.listForOperators>>[number];
const summaryOf = (r: SummaryRow): OperatorChatSummary => ({
  id: r.id,
  customerName: r.customerName,
  customerEmail: r.customerEmail,
  lastMessage: r.lastMessage,
  lastMessageAt: r.lastMessageAt ? r.lastMessageAt.toISOString() : null,
  unread: Number(r.unread),
});

export async function listOperatorChats(deps: ChatDeps): Promise<{ conversations: OperatorChatSummary[] }> {
  const rows = await chatRepository.listForOperators(deps.database.db, OPERATOR_CHATS_LISTED);
  return { conversations: rows.map(summaryOf) };
}

async function conversationOrMissing(db: DbOrTx, id: string): Promise<ChatConversationRow> {
  const conversation = await chatRepository.findConversation(db, id);
  if (!conversation) throw notFound(CONVERSATION_NOT_FOUND);
  return conversation;
}

export async function getOperatorChat(deps: ChatDeps, id: string): Promise<OperatorChatThread> {
  const db = deps.database.db;
  const conversation = await conversationOrMissing(db, id);
  const [customer, messages, unreadRows] = await Promise.all([
    supportRepository.findSender(db, conversation.userId),
    chatRepository.lastMessages(db, conversation.id, CHAT_HISTORY),
    chatRepository.messagesAfter(db, conversation.id, conversation.operatorReadSeq),
  ]);
  const last = messages.at(-1);
  return {
    id: conversation.id,
    customerName: customer?.name ?? '',
    customerEmail: customer?.email ?? '',
    lastMessage: last?.body ?? null,
    lastMessageAt: last ? last.createdAt.toISOString() : null,
    unread: unreadRows.filter((m) => m.author === 'cliente').length,
    messages: messages.map(toChatMessage),
    operatorReadUpTo: conversation.operatorReadSeq,
    customerReadUpTo: conversation.customerReadSeq,
  };
}

export async function sendAsOperator(deps: ChatDeps, operatorId: string, id: string, input: { body: string; clientId?: string | undefined }) {
  const db = deps.database.db;
  const conversation = await conversationOrMissing(db, id);
  const row = await appendAndNotify(db, conversation.id, { author: 'operador', operatorId, body: input.body, clientId: input.clientId ?? null });
  return { delivered: 'chat' as const, message: toChatMessage(row) };
}

export async function operatorTyping(deps: ChatDeps, id: string): Promise<void> {
  const conversation = await conversationOrMissing(deps.database.db, id);
  await chatRepository.notify(deps.database.db, { k: 't', c: conversation.id, a: 'operador' });
}

export async function operatorRead(deps: ChatDeps, id: string, upTo: number): Promise<{ upTo: number }> {
  const conversation = await conversationOrMissing(deps.database.db, id);
  return markRead(deps, conversation, 'operador', upTo);
}
