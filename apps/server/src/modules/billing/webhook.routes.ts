import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { badRequest, notFound } from '../../errors';
import { access, routeKit } from '../../plugins/route-kit';
import { processBillingEvent } from './billing-events.service';

const webhookReceivedSchema = z.object({ received: z.literal(true), result: z.enum(['processed', 'duplicate']) });

/**
 * POST /api/payment/webhook: Stripe's events. The signature is checked on the raw
 * body, so this plugin parses JSON as a Buffer for its own route only: no body schema.
 */
export const webhookRoutes: FastifyPluginAsync = async (app) => {
  // The app's JSON parser (json-body-parser.ts) gives way to the raw body in this plugin only.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  const route = routeKit(app, { tags: ['pagos'] });

  // Stripe's deliveries are not counted by the global per-address limit.
  route.post('/webhook', { operationId: 'receiveStripeWebhook', summary: 'Recibe los eventos de Stripe', description: 'El evento JSON tal como lo envía Stripe, firmado en la cabecera Stripe-Signature: sin firma o con una firma no válida, 400. Un evento ya recibido responde result: duplicate.', access: access.public, answer: { schema: webhookReceivedSchema }, refusals: [404], rateLimit: false }, async (request) => {
    const { payments } = app.container;
    if (payments.name !== 'stripe') throw notFound();
    const signature = request.headers['stripe-signature'];
    if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw badRequest('Firma del webhook ausente.', 'BAD_SIGNATURE');
    let event;
    try {
      event = payments.constructEvent(request.body, signature);
    } catch {
      throw badRequest('Firma del webhook no válida.', 'BAD_SIGNATURE');
    }
    const result = await processBillingEvent(app.container, event);
    return { received: true as const, result };
  });
};
