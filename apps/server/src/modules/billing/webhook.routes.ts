import type { FastifyPluginAsync } from 'fastify';
import { badRequest, notFound } from '../../errors';
import { processBillingEvent } from './billing-events.service';

/**
 * POST /api/payment/webhook: Stripe's events. The signature is checked on the raw
 * body, so this plugin parses JSON as a Buffer for its own route only.
 */
export const webhookRoutes: FastifyPluginAsync = async (app) => {
  // The app's JSON parser (json-body-parser.ts) gives way to the raw body in this plugin only.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  app.post('/webhook', { schema: { tags: ['pagos'], hide: false }, config: { rateLimit: false } }, async (request) => {
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
    return { received: true, result };
  });
};
