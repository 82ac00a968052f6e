import type { FastifyInstance } from 'fastify';
import { paymentRoutes } from './payment.routes';
import { plansRoutes } from './plans.routes';
import { sandboxRoutes } from './sandbox.routes';
import { webhookRoutes } from './webhook.routes';

/** Billing: plans, payments, the Stripe webhook and (when enabled) the local sandbox. */
export async function registerBilling(app: FastifyInstance) {
  await app.register(plansRoutes, { prefix: '/api' });
  await app.register(paymentRoutes, { prefix: '/api/payment' });
  // The webhook exists only for Stripe: the sandbox hands its events over directly.
  if (app.container.payments.name === 'stripe') await app.register(webhookRoutes, { prefix: '/api/payment' });
  if (app.container.config.payments.sandboxEnabled) await app.register(sandboxRoutes, { prefix: '/api/sandbox' });
}
