import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, messageResponseSchema } from '@rankmaps/shared/schemas/common';
import { supportTicketRequestSchema } from '@rankmaps/shared/schemas/support';
import { requireUserId } from '../../plugins/auth';
import { SUPPORT_TICKET_SENT_MESSAGE, sendSupportTicket } from './support.service';

/**
 * POST /api/general/support: the /support ticket form (spec §7). Signed-in only; the
 * sender is the session's user, whatever the body's userId/userEmail/userName say.
 */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/general/support',
    {
      onRequest: app.authenticate,
      // The contact form's budget: a person sends a handful of tickets, a bot many.
      config: { rateLimit: { max: app.container.config.rateLimit.authMax, timeWindow: '15 minutes' } },
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
