import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, messageResponseSchema } from '@rankmaps/shared/schemas/common';
import { contactRequestSchema } from '@rankmaps/shared/schemas/contact';
import { rateLimitPolicy } from '../rate-limits/policy';
import { limitPerAddress } from '../rate-limits/shared-rate-limit';
import { sendContactMessage } from './contact.service';

/** POST /api/general/contactform: the public contact form (docs/product.md §7). */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/general/contactform',
    {
      // Same budget as the sign-in forms, counted in the database across API processes (rate-limits/policy.ts).
      onRequest: limitPerAddress(app, rateLimitPolicy.contact(app.container.config)),
      schema: {
        tags: ['contacto'],
        body: contactRequestSchema,
        response: { 200: messageResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema, 503: errorResponseSchema },
      },
    },
    async (req) => {
      await sendContactMessage(app.container, req.body, req.ip);
      return { message: 'Mensaje enviado' };
    },
  );
};
