import { z } from 'zod';
import { v } from '../messages';
import { captchaTokenSchema } from './captcha';

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
 * A ticket's state. Answers go by e-mail from the support inbox, which does not write back yet,
 * so every stored ticket is 'recibido' (docs/decisions.md §22.5); the field is there so the
 * list keeps its shape when replies are tracked.
 */
export const SUPPORT_TICKET_STATES = ['recibido'] as const;

/** One of the user's tickets, as GET /api/general/support/tickets lists them (newest first). */
export const supportTicketSummarySchema = z.object({
  reference: z.string(),
  subject: z.string(),
  category: z.enum(SUPPORT_CATEGORIES),
  priority: z.enum(SUPPORT_PRIORITIES),
  createdAt: z.string(),
  state: z.enum(SUPPORT_TICKET_STATES),
});
export type SupportTicketSummary = z.infer<typeof supportTicketSummarySchema>;
export const supportTicketListSchema = z.array(supportTicketSummarySchema);
