import type { FastifyInstance } from 'fastify';

/** The sandbox price id of a plan, as the pricing page gets it from GET /api/plans. */
export async function sandboxPriceOf(app: FastifyInstance, planId: string, period: 'monthly' | 'annual'): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/plans' });
  const plan = res.json<{ plans: { id: string; subscription_id: string; anual_subscription_id: string }[] }>().plans.find((p) => p.id === planId);
  if (!plan) throw new Error(`no plan ${planId}`);
  return period === 'annual' ? plan.anual_subscription_id : plan.subscription_id;
}

/** Subscribes the signed-in user the way the browser does: checkout, then the sandbox page's button. */
export async function subscribeThroughSandbox(
  app: FastifyInstance,
  headers: Record<string, string>,
  planId: string,
  period: 'monthly' | 'annual',
  outcome: 'pay' | 'decline' | 'pay_then_fail_renewal' = 'pay',
): Promise<void> {
  const priceId = await sandboxPriceOf(app, planId, period);
  const checkout = await app.inject({ method: 'POST', url: '/api/payment/create-checkout-session', headers, payload: { priceId, planName: planId } });
  if (checkout.statusCode !== 200) throw new Error(`checkout failed: ${checkout.body}`);
  const id = checkout.json<{ url: string }>().url.split('/sandbox/checkout/')[1];
  const done = await app.inject({ method: 'POST', url: `/api/sandbox/checkout/${id}/complete`, payload: { outcome } });
  if (done.statusCode !== 200) throw new Error(`sandbox checkout failed: ${done.body}`);
}

/**
 * For a measurement whose set-up subscribes through the sandbox, a developer tool (DEV_TOOLS=true):
 * turns off the one thing developer tools add to every request, the plan-override lookup
 * (billing.service.ts getCurrentPlanState), so the routes measured cost what they cost in
 * production. The sandbox's routes stay registered; nothing measured calls them.
 */
export function measureAsProduction(container: { config: { devTools: boolean } }): void {
  container.config.devTools = false;
}
