import { z } from 'zod';
import { v } from '../messages';
import { customerFields } from './common';

/** The live chat (docs/support.md, «Chat en vivo»; docs/decisions.md §27.2). */
export const CHAT_MESSAGE_MAX_LENGTH = 2000;

export const CHAT_AUTHORS = ['cliente', 'operador'] as const;
export type ChatAuthor = (typeof CHAT_AUTHORS)[number];

/** The text of a message: plain text, 1–2000 characters once trimmed. */
export const chatBodySchema = z.string(v('messageRequired')).trim().min(1, v('messageRequired')).max(CHAT_MESSAGE_MAX_LENGTH, v('chatMessageTooLong'));

/**
 * POST …/messages. `clientId` is the browser's id for the message: a retry with the same one
 * stores nothing new and answers the message already stored.
 */
export const chatSendSchema = z.object({
  body: chatBodySchema,
  clientId: z.uuid(v('chatClientIdInvalid')).optional(),
});
export type ChatSend = z.input<typeof chatSendSchema>;

/** POST …/read: everything up to this message id (the conversation's sequence number) has been read. */
export const chatReadSchema = z.object({ upTo: z.number(v('chatReadUpToInvalid')).int(v('chatReadUpToInvalid')).min(0, v('chatReadUpToInvalid')).max(2_147_483_647, v('chatReadUpToInvalid')) });

/** The query of the streams: the last message id seen, for clients that cannot send Last-Event-ID. */
export const chatStreamQuerySchema = z.object({ after: z.coerce.number(v('chatReadUpToInvalid')).int(v('chatReadUpToInvalid')).min(0, v('chatReadUpToInvalid')).max(2_147_483_647, v('chatReadUpToInvalid')).optional() });

export const chatMessageSchema = z.object({
  /** The conversation's sequence number: 1, 2, 3… (the SSE event id). */
  id: z.number(),
  author: z.enum(CHAT_AUTHORS),
  body: z.string(),
  createdAt: z.string(),
  /** The support ticket the message became, e.g. «TK-…»; null for a message of the live chat. */
  ticketReference: z.string().nullable(),
})
  // One component in the API references: the history, the stream and both answers to a message use it.
  .meta({ id: 'ChatMessage', description: 'Un mensaje del chat en vivo; `ticketReference`, el ticket en que se convirtió, si se convirtió.' });
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** Whether a message now reaches a person, and if not why (docs/support.md). */
export const chatAvailabilitySchema = z.object({
  /** Inside the opening hours and an operator is online: messages go to the live chat. */
  available: z.boolean(),
  /** 'abierto', or why not: outside the hours, or no operator online. */
  reason: z.enum(['abierto', 'fuera-de-horario', 'sin-operadores']),
  /** The opening hours in words, e.g. «de lunes a viernes de 9:00 a 18:00 (hora de Madrid)». */
  hours: z.string(),
});
export type ChatAvailability = z.infer<typeof chatAvailabilitySchema>;

export const chatStateSchema = z.object({
  conversationId: z.string(),
  availability: chatAvailabilitySchema,
  messages: z.array(chatMessageSchema),
  /** The last message id the operators have read; the customer's own read marker. */
  operatorReadUpTo: z.number(),
  customerReadUpTo: z.number(),
});
export type ChatState = z.infer<typeof chatStateSchema>;

/** The answer to a customer's message: stored in the chat, or turned into a ticket (docs/support.md). */
export const chatSentSchema = z.union([
  z.object({ delivered: z.literal('chat'), message: chatMessageSchema }),
  /** The message stays in the chat's history with its ticket's reference. */
  z.object({ delivered: z.literal('ticket'), reference: z.string(), notice: z.string(), message: chatMessageSchema }),
]);
export type ChatSent = z.infer<typeof chatSentSchema>;

/** The JSON answer of a stream to a client that does not ask for text/event-stream: the catch-up only. */
export const chatCatchUpSchema = z.object({ messages: z.array(chatMessageSchema) });

export const chatConversationParamsSchema = z.object({ id: z.uuid('Conversación no encontrada.') });

export const operatorChatSummarySchema = z.object({
  id: z.string(),
  ...customerFields,
  lastMessage: z.string().nullable(),
  lastMessageAt: z.string().nullable(),
  /** The customer's messages after the operators' read marker. */
  unread: z.number(),
});
export type OperatorChatSummary = z.infer<typeof operatorChatSummarySchema>;
export const operatorChatListSchema = z.object({ conversations: z.array(operatorChatSummarySchema) });

export const operatorChatThreadSchema = operatorChatSummarySchema.extend({
  messages: z.array(chatMessageSchema),
  operatorReadUpTo: z.number(),
  customerReadUpTo: z.number(),
});
export type OperatorChatThread = z.infer<typeof operatorChatThreadSchema>;

/**
 * What the streams send (docs/decisions.md §27.2), as JSON in each event's data. `mensaje`
 * carries the message and, on the operator stream, its conversation; the event's `id` is the
 * message id on the customer stream.
 */
export type ChatStreamEvent =
  | { type: 'mensaje'; conversationId: string; message: ChatMessage }
  | { type: 'escribiendo'; conversationId: string; author: ChatAuthor }
  | { type: 'leido'; conversationId: string; author: ChatAuthor; upTo: number }
  | { type: 'estado'; availability: ChatAvailability };

/** The answer to a typing signal: nothing is stored (docs/decisions.md §27.2). */
export const chatOkSchema = z.object({ ok: z.literal(true) });
/** The answer to POST …/read: the side's read marker after the call. */
export const chatReadResultSchema = z.object({ upTo: z.number() });
export const operatorChatStreamCatchUpSchema = operatorChatListSchema;
