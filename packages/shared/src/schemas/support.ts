import { z } from 'zod';
import { v } from '../messages';
import { captchaTokenSchema } from './captcha';
import { customerFields } from './common';

/** Ticket categories; the web shows them through the `support` namespace (categories.<id>). */
export const SUPPORT_CATEGORIES = ['tecnico', 'facturacion', 'cuenta', 'sugerencia', 'otro'] as const;
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];

/** Ticket priorities, lowest first; labels under priorities.<id>. */
export const SUPPORT_PRIORITIES = ['baja', 'media', 'alta', 'urgente'] as const;
export type SupportPriority = (typeof SUPPORT_PRIORITIES)[number];

export const SUPPORT_SUBJECT_MAX_LENGTH = 150;
export const SUPPORT_MESSAGE_MAX_LENGTH = 5000;

/** The fields the user fills in on /support (docs/product.md §3 Support ticket); the form validates with this. */
export const supportTicketFormSchema = z.object({
  category: z.enum(SUPPORT_CATEGORIES, v('supportCategoryInvalid')),
  priority: z.enum(SUPPORT_PRIORITIES, v('supportPriorityInvalid')),
  subject: z
    .string(v('supportSubjectRequired'))
    .trim()
    .min(1, v('supportSubjectRequired'))
    .max(SUPPORT_SUBJECT_MAX_LENGTH, v('supportSubjectTooLong')),
  message: z.string(v('messageRequired')).trim().min(1, v('messageRequired')).max(SUPPORT_MESSAGE_MAX_LENGTH, v('supportMessageTooLong')),
});
export type SupportTicketFormValues = z.input<typeof supportTicketFormSchema>;

// The spec's payload (docs/product.md §7) also carries who sends it. The server never trusts these: it
// takes id, e-mail and name from the session. They are accepted, and ignored, whatever they hold.
const ignoredIdentity = z.unknown().optional().describe('Ignorado: el servidor usa el usuario de la sesión.');

/** POST /api/general/support: the form, the captcha token and the docs/product.md §7 identity fields. */
export const supportTicketRequestSchema = supportTicketFormSchema.extend({
  recaptcha: captchaTokenSchema,
  userId: ignoredIdentity,
  userEmail: ignoredIdentity,
  userName: ignoredIdentity,
});
export type SupportTicketRequest = z.input<typeof supportTicketRequestSchema>;

/** The answer to POST /api/general/support: the spec's message and the new ticket's reference (TK-…). */
export const supportTicketCreatedSchema = z.object({ message: z.string(), reference: z.string() });
export type SupportTicketCreated = z.infer<typeof supportTicketCreatedSchema>;

/**
 * A ticket's state (docs/support.md): open («Abierto») while the support team owes an answer,
 * waiting for the customer («Esperando tu respuesta») once an operator has answered, closed
 * («Cerrado»). A customer's reply reopens it.
 */
export const SUPPORT_TICKET_STATES = ['abierto', 'esperando', 'cerrado'] as const;
export type SupportTicketState = (typeof SUPPORT_TICKET_STATES)[number];

/** One of the user's tickets, as GET /api/general/support/tickets lists them (newest activity first). */
export const supportTicketSummarySchema = z.object({
  reference: z.string(),
  subject: z.string(),
  category: z.enum(SUPPORT_CATEGORIES),
  priority: z.enum(SUPPORT_PRIORITIES),
  createdAt: z.string(),
  lastActivityAt: z.string(),
  state: z.enum(SUPPORT_TICKET_STATES),
});
export type SupportTicketSummary = z.infer<typeof supportTicketSummarySchema>;
export const supportTicketListSchema = z.array(supportTicketSummarySchema);

/** Who wrote a message of a ticket's thread. */
export const SUPPORT_MESSAGE_AUTHORS = ['cliente', 'operador'] as const;

/** One message of a ticket's thread: plain text, shown as text (never as markup). */
export const supportThreadMessageSchema = z.object({
  author: z.enum(SUPPORT_MESSAGE_AUTHORS),
  body: z.string(),
  createdAt: z.string(),
});
export type SupportThreadMessage = z.infer<typeof supportThreadMessageSchema>;

/** A ticket with its thread, oldest message first: the ticket's own message is the first. */
export const supportTicketThreadSchema = supportTicketSummarySchema.extend({ messages: z.array(supportThreadMessageSchema) });
export type SupportTicketThread = z.infer<typeof supportTicketThreadSchema>;

/** A reference in a path: 'TK-' and 8 hex digits (the server upper-cases it). */
export const supportTicketParamsSchema = z.object({ reference: z.string().max(40) });

/** A reply in a thread, from the customer or an operator: plain text, 1–5000 characters once trimmed. */
export const supportReplySchema = z.object({
  body: z.string(v('messageRequired')).trim().min(1, v('messageRequired')).max(SUPPORT_MESSAGE_MAX_LENGTH, v('supportMessageTooLong')),
});
export type SupportReply = z.input<typeof supportReplySchema>;

/** An operator's reply: the text and the state it leaves the ticket in (waiting for the customer unless said otherwise). */
export const operatorReplySchema = supportReplySchema.extend({
  state: z.enum(SUPPORT_TICKET_STATES, v('supportTicketStateInvalid')).optional(),
});
export type OperatorReply = z.input<typeof operatorReplySchema>;

/** PUT /api/operator/tickets/:reference/state. */
export const operatorStateSchema = z.object({ state: z.enum(SUPPORT_TICKET_STATES, v('supportTicketStateInvalid')) });

/** GET /api/operator/tickets?state=…: every ticket, or those in one state. */
export const operatorTicketsQuerySchema = z.object({ state: z.enum(SUPPORT_TICKET_STATES, v('supportTicketStateInvalid')).optional() });

/** A ticket in the operator's list: the summary and who sent it. */
export const operatorTicketSummarySchema = supportTicketSummarySchema.extend(customerFields);
export type OperatorTicketSummary = z.infer<typeof operatorTicketSummarySchema>;
export const operatorTicketListSchema = z.array(operatorTicketSummarySchema);

/** A ticket with its thread, as the operator sees it. */
export const operatorTicketThreadSchema = supportTicketThreadSchema.extend(customerFields);
export type OperatorTicketThread = z.infer<typeof operatorTicketThreadSchema>;

/** The customer panel: plan and places, read-only; each look is logged (docs/support.md). */
export const operatorCustomerSchema = z.object({
  name: z.string(),
  email: z.string(),
  plan: z.object({ id: z.string().nullable(), name: z.string(), liveSupport: z.boolean() }),
  places: z.array(z.object({ name: z.string(), address: z.string().nullable() })),
});
export type OperatorCustomer = z.infer<typeof operatorCustomerSchema>;
