import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CREDIT_PACKAGE, CREDITS_PRICE_KEY, PLANS, priceKey } from '@rankmaps/shared/plans';
import { plansResponseSchema } from '@rankmaps/shared/schemas/billing';
import { access, routeKit } from '../../plugins/route-kit';

// The catalogue (packages/shared) with the provider's price ids from configuration.
export const plansRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeKit(app, { tags: ['pagos'] });

  route.get('/plans', { operationId: 'listPlans', summary: 'Catálogo de planes y del paquete de créditos, con los precios del proveedor de pagos', access: access.public, answer: { schema: plansResponseSchema } }, async () => {
    const { prices, payments } = app.container;
    return {
      provider: payments.name,
      plans: PLANS.map((p) => ({
        id: p.id,
        name: p.name,
        category: p.category,
        type: p.type,
        price: p.monthlyPrice,
        anual_price: p.annualPrice,
        popular: p.popular,
        credits: p.credits,
        limits: p.limits,
        subscription_id: prices.priceId(priceKey(p.id, 'monthly')) ?? null,
        anual_subscription_id: prices.priceId(priceKey(p.id, 'annual')) ?? null,
      })),
      creditPackage: { ...CREDIT_PACKAGE, priceId: prices.priceId(CREDITS_PRICE_KEY) ?? null },
    };
  });
};
