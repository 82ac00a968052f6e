import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, messageResponseSchema } from '@rankmaps/shared/schemas/common';
import { supportTicketRequestSchema } from '@rankmaps/shared/schemas/support';
import { requireUserId } from '../../plugins/auth';
import { limitPerUser } from '../rate-limits/shared-rate-limit';
import { SUPPORT_TICKET_SENT_MESSAGE, sendSupportTicket } from './support.service';

const TOO_MANY_TICKETS = 'Demasiadas peticiones. Inténtalo de nuevo en unos minutos.';

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
      // it holds across API processes (shared-rate-limit.ts).
      onRequest: [
        app.authenticate,
        limitPerUser(app.container, { name: 'support', max: app.container.config.rateLimit.authMax, windowSeconds: 15 * 60, message: TOO_MANY_TICKETS }),
      ],
      schema: {
        tags: ['soporte'],
        security: [{ bearer: [] }],
        summary: 'Crea un ticket de soporte',
        body: supportTicketRequestSchema,
        response: { 200: messageResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => {
      await sendSupportTicket(app.container, requireUserId(request), request.body, request.ip);
      return { message: SUPPORT_TICKET_SENT_MESSAGE };
    },
  );
};
