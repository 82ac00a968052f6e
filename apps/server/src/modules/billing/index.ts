import type { FastifyInstance } from 'fastify';
import { paymentRoutes } from './payment.routes';
import { plansRoutes } from './plans.routes';
import { sandboxRoutes } from './sandbox.routes';
import { webhookRoutes } from './webhook.routes';

/** What other modules use from billing: the plan a user has, and the paid-plan check. */
export { getPlanState, type PlanStateWithCredits } from './billing.service';
export { requirePaidPlan, UPGRADE_REQUIRED_MESSAGE } from './plan-access.service';

/** Billing: plans, payments, the Stripe webhook and (when enabled) the local sandbox. */
export async function registerBilling(app: FastifyInstance) {
  await app.register(plansRoutes, { prefix: '/api' });
  await app.register(paymentRoutes, { prefix: '/api/payment' });
  // The webhook exists only for Stripe: the sandbox hands its events over directly.
  if (app.container.payments.name === 'stripe') await app.register(webhookRoutes, { prefix: '/api/payment' });
  if (app.container.config.payments.sandboxEnabled) await app.register(sandboxRoutes, { prefix: '/api/sandbox' });
}
