import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  supportReplySchema,
  supportTicketCreatedSchema,
  supportTicketListSchema,
  supportTicketParamsSchema,
  supportTicketRequestSchema,
  supportTicketThreadSchema,
} from '@rankmaps/shared/schemas/support';
import { requireUserId } from '../../plugins/auth';
import { access, routeKit } from '../../plugins/route-kit';
import { rateLimitPolicy } from '../rate-limits/policy';
import { limitPerUser } from '../rate-limits/shared-rate-limit';
import { SUPPORT_TICKET_SENT_MESSAGE, getOwnTicket, listSupportTickets, replyAsCustomer, sendSupportTicket } from './support.service';

/**
 * The /support ticket form (docs/product.md §7) and the user's own tickets. Signed-in only; the
 * sender is the session's user, whatever the body's userId/userEmail/userName say.
 */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeKit(app, { tags: ['soporte'] });

  // The contact form's budget: a person sends a handful of tickets, a bot many. Counted
  // per account (not per address, which a whole office may share) in the database, so
  // it holds across API processes (rate-limits/policy.ts); 503 when it cannot be read.
  route.post('/general/support', { operationId: 'createSupportTicket', summary: 'Crea un ticket de soporte', description: '400: el captcha no es válido; 403: email sin confirmar.', access: access.session, body: supportTicketRequestSchema, answer: { schema: supportTicketCreatedSchema }, refusals: [403, 503], onRequest: [limitPerUser(app, rateLimitPolicy.support(app.container.config))] }, async (request) => {
    // The spec's message, plus the reference the confirmation shows (docs/decisions.md §22.5).
    const { reference } = await sendSupportTicket(app.container, requireUserId(request), request.body, request.ip);
    return { message: SUPPORT_TICKET_SENT_MESSAGE, reference };
  });

  // The signed-in user's own tickets, newest first (docs/decisions.md §22.5).
  route.get('/general/support/tickets', { operationId: 'listMySupportTickets', summary: 'Lista los tickets de soporte del usuario', description: 'Los 100 más recientes, del más nuevo al más antiguo: referencia, asunto, categoría, prioridad, fecha y estado.', access: access.session, answer: { schema: supportTicketListSchema } }, async (request) => listSupportTickets(app.container, requireUserId(request)));

  // One of the user's own tickets with its thread (docs/support.md).
  route.get('/general/support/tickets/:reference', { operationId: 'getMySupportTicket', summary: 'Un ticket del usuario con sus mensajes', access: access.session, params: supportTicketParamsSchema, answer: { schema: supportTicketThreadSchema } }, async (request) => getOwnTicket(app.container, requireUserId(request), request.params.reference));

  // The user's reply; it reopens the ticket.
  route.post('/general/support/tickets/:reference/messages', { operationId: 'replyToMySupportTicket', summary: 'Responde en un ticket propio (lo vuelve a abrir)', access: access.session, params: supportTicketParamsSchema, body: supportReplySchema, answer: { schema: supportTicketThreadSchema }, refusals: [503], onRequest: [limitPerUser(app, rateLimitPolicy.support(app.container.config))] }, async (request) => replyAsCustomer(app.container, requireUserId(request), request.params.reference, request.body.body));
};
