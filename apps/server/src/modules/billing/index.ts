import type { FastifyInstance } from 'fastify';
import { paymentRoutes } from './payment.routes';
import { plansRoutes } from './plans.routes';
import { sandboxRoutes } from './sandbox.routes';
import { webhookRoutes } from './webhook.routes';

/** What other modules use from billing: the plan a user has, and the paid-plan check. */
export { getPlanState, type PlanStateWithCredits } from './billing.service';
export { requirePaidPlan, UPGRADE_REQUIRED_MESSAGE } from './plan-access.service';

/** The start-up warning when no payment provider is configured (see config.payments.available). */
export const PAYMENTS_UNAVAILABLE_WARNING =
  'Pagos desactivados: no hay proveedor de pagos configurado (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET y STRIPE_PRICES; o DEV_TOOLS=true para los pagos de prueba, nunca en producción). El checkout, el portal de facturación y los cambios de suscripción responden 503.';

/** Billing: plans, payments, the Stripe webhook and (when enabled) the local sandbox. */
export async function registerBilling(app: FastifyInstance) {
  const { config, log } = app.container;
  // Production without Stripe keys: the API runs, but every payment action answers 503.
  if (!config.payments.available) log.warn({ paymentsProvider: 'none', production: config.isProduction }, PAYMENTS_UNAVAILABLE_WARNING);
  await app.register(plansRoutes, { prefix: '/api' });
  await app.register(paymentRoutes, { prefix: '/api/payment' });
  // The webhook exists only for Stripe: the sandbox hands its events over directly.
  if (app.container.payments.name === 'stripe') await app.register(webhookRoutes, { prefix: '/api/payment' });
  if (app.container.config.payments.sandboxEnabled) await app.register(sandboxRoutes, { prefix: '/api/sandbox' });
}
