import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, messageResponseSchema } from '@rankmaps/shared/schemas/common';
import { contactRequestSchema } from '@rankmaps/shared/schemas/contact';
import { limitPerAddress } from '../rate-limits/shared-rate-limit';
import { sendContactMessage } from './contact.service';

const TOO_MANY_MESSAGES = 'Demasiadas peticiones. Inténtalo de nuevo en unos minutos.';

/** POST /api/general/contactform: the public contact form (docs/product.md §7). */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/general/contactform',
    {
      // Same budget as the sign-in forms: a person sends a handful of messages, a bot many.
      // Counted in the database, so it holds across API processes (shared-rate-limit.ts).
      onRequest: limitPerAddress(app.container, { name: 'contact', max: app.container.config.rateLimit.authMax, windowSeconds: 15 * 60, message: TOO_MANY_MESSAGES }),
      schema: {
        tags: ['contacto'],
        body: contactRequestSchema,
        response: { 200: messageResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (req) => {
      await sendContactMessage(app.container, req.body, req.ip);
      return { message: 'Mensaje enviado' };
    },
  );
};
