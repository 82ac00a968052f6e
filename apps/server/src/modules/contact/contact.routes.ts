import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponseSchema } from '@rankmaps/shared/schemas/common';
import { contactRequestSchema } from '@rankmaps/shared/schemas/contact';
import { access, routeKit } from '../../plugins/route-kit';
import { rateLimitPolicy } from '../rate-limits/policy';
import { limitPerAddress } from '../rate-limits/shared-rate-limit';
import { sendContactMessage } from './contact.service';

/** POST /api/general/contactform: the public contact form (docs/product.md §7). */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeKit(app, { tags: ['contacto'] });

  // Same budget as the sign-in forms, counted in the database across API processes
  // (rate-limits/policy.ts): 503 when the counter cannot be read.
  route.post('/general/contactform', { operationId: 'sendContactMessage', summary: 'Envía el formulario de contacto al equipo', description: '400 si el captcha no es válido.', access: access.public, body: contactRequestSchema, answer: { schema: messageResponseSchema }, refusals: [503], onRequest: [limitPerAddress(app, rateLimitPolicy.contact(app.container.config))] }, async (request) => {
    await sendContactMessage(app.container, request.body, request.ip);
    return { message: 'Mensaje enviado' };
  });
};
