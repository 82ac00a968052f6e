import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@rankmaps/shared/schemas/common';
import { supportReplySchema, supportTicketCreatedSchema, supportTicketListSchema, supportTicketParamsSchema, supportTicketRequestSchema, supportTicketThreadSchema } from '@rankmaps/shared/schemas/support';
import { requireUserId } from '../../plugins/auth';
import { rateLimitPolicy } from '../rate-limits/policy';
import { limitPerUser } from '../rate-limits/shared-rate-limit';
import { SUPPORT_TICKET_SENT_MESSAGE, getOwnTicket, listSupportTickets, replyAsCustomer, sendSupportTicket } from './support.service';

/**
 * POST /api/general/support: the /support ticket form (docs/product.md §7). Signed-in only; the
 * sender is the session's user, whatever the body's userId/userEmail/userName say.
 */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/general/support',
    {
      // The contact form's budget: a person sends a handful of tickets, a bot many. Counted
      // per account (not per address, which a whole office may share) in the database, so
      // it holds across API processes (rate-limits/policy.ts).
      onRequest: [
        app.authenticate,
        limitPerUser(app, rateLimitPolicy.support(app.container.config)),
      ],
      schema: {
        tags: ['soporte'],
        security: [{ bearer: [] }],
        summary: 'Crea un ticket de soporte',
        body: supportTicketRequestSchema,
        response: { 200: supportTicketCreatedSchema, 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 429: errorResponseSchema, 503: errorResponseSchema },
      },
    },
    async (request) => {
      // The spec's message, plus the reference the confirmation shows (docs/decisions.md §22.5).
      const { reference } = await sendSupportTicket(app.container, requireUserId(request), request.body, request.ip);
      return { message: SUPPORT_TICKET_SENT_MESSAGE, reference };
    },
  );

  /** GET /api/general/support/tickets: the signed-in user's own tickets, newest first (docs/decisions.md §22.5). */
  app.get(
    '/general/support/tickets',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['soporte'],
        security: [{ bearer: [] }],
        summary: 'Lista los tickets de soporte del usuario',
        description: 'Los 100 más recientes, del más nuevo al más antiguo: referencia, asunto, categoría, prioridad, fecha y estado.',
        response: { 200: supportTicketListSchema, 401: errorResponseSchema },
      },
    },
    async (request) => listSupportTickets(app.container, requireUserId(request)),
  );

  /** GET /api/general/support/tickets/:reference: one of the user's own tickets with its thread (docs/support.md). */
  app.get(
    '/general/support/tickets/:reference',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['soporte'],
        security: [{ bearer: [] }],
        summary: 'Un ticket del usuario con sus mensajes',
        params: supportTicketParamsSchema,
        response: { 200: supportTicketThreadSchema, 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => getOwnTicket(app.container, requireUserId(request), request.params.reference),
  );

  /** POST /api/general/support/tickets/:reference/messages: the user's reply; it reopens the ticket. */
  app.post(
    '/general/support/tickets/:reference/messages',
    {
      onRequest: [app.authenticate, limitPerUser(app, rateLimitPolicy.support(app.container.config))],
      schema: {
        tags: ['soporte'],
        security: [{ bearer: [] }],
        summary: 'Responde en un ticket propio (lo vuelve a abrir)',
        params: supportTicketParamsSchema,
        body: supportReplySchema,
        response: { 200: supportTicketThreadSchema, 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => replyAsCustomer(app.container, requireUserId(request), request.params.reference, request.body.body),
  );
};
