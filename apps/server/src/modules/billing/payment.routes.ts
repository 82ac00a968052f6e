import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkoutRequestSchema,
  checkoutSessionStatusSchema,
  paymentHistorySchema,
  planChangePreviewSchema,
  planChangeRequestSchema,
  subscriptionInfoSchema,
  urlResponseSchema,
} from '@rankmaps/shared/schemas/billing';
import { messageResponseSchema } from '@rankmaps/shared/schemas/common';
import { forbidden, unauthorized } from '../../errors';
import { requireUserId } from '../../plugins/auth';
import { billingUser } from './billing-user';
import { cancelScheduledChange, changePlan, changePlanMessage, previewPlanChange, scheduledPlanName } from './plan-change.service';
import { changeSubscription, createCheckout, createPortal, getCheckoutStatus, getPaymentHistory, getSubscriptionInfo } from './billing.service';

const tags = ['pagos'];

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  // On each route rather than as a plugin hook, so the route table shows them as protected.
  const onRequest = app.authenticate;

  app.get('/subscription-info', { onRequest, schema: { tags, response: { 200: subscriptionInfoSchema } } }, async (request) =>
    getSubscriptionInfo(app.container, requireUserId(request)),
  );

  app.get('/payment-history', { onRequest, schema: { tags, response: { 200: paymentHistorySchema } } }, async (request) => ({
    payments: await getPaymentHistory(app.container, requireUserId(request)),
  }));

  app.post('/create-checkout-session', { onRequest, schema: { tags, body: checkoutRequestSchema, response: { 200: urlResponseSchema } } }, async (request) => {
    const user = await billingUser(app.container, requireUserId(request));
    if (!user) throw unauthorized();
    if (!user.mailConfirmed) throw forbidden('Confirma tu email antes de realizar un pago.', 'EMAIL_NOT_CONFIRMED', 'email_not_confirmed');
    return createCheckout(app.container, user, request.body.priceId);
  });

  app.get(
    '/checkout-session/:id',
    { onRequest, schema: { tags, params: z.object({ id: z.string().regex(/^cs_[A-Za-z0-9_]{1,250}$/, 'Sesión de pago no válida.') }), response: { 200: checkoutSessionStatusSchema } } },
    async (request) => getCheckoutStatus(app.container, requireUserId(request), request.params.id),
  );

  const action = (path: string, kind: 'cancel' | 'reactivate' | 'cancelNow', message: string) =>
    app.post(path, { onRequest, schema: { tags, response: { 200: messageResponseSchema } } }, async (request) => {
      await changeSubscription(app.container, requireUserId(request), kind);
      return { message };
    });
  action('/cancel-subscription', 'cancel', 'Suscripción cancelada. Seguirá activa hasta el final del período.');
  action('/reactivate-subscription', 'reactivate', 'Suscripción reactivada correctamente.');
  action('/cancel-subscription-immediately', 'cancelNow', 'Suscripción cancelada definitivamente.');

  // docs/decisions.md §22.1: the price first, then the change.
  app.post('/change-plan/preview', { onRequest, schema: { tags, body: planChangeRequestSchema, response: { 200: planChangePreviewSchema } } }, async (request) =>
    previewPlanChange(app.container, requireUserId(request), request.body.priceId),
  );

  app.post('/change-plan', { onRequest, schema: { tags, body: planChangeRequestSchema, response: { 200: messageResponseSchema } } }, async (request) => {
    const result = await changePlan(app.container, requireUserId(request), request.body.priceId);
    return { message: changePlanMessage(result, scheduledPlanName(app.container, request.body.priceId)) };
  });

  // A move down waits for the end of the period; until then it can be cancelled, leaving nothing behind.
  app.post('/change-plan/cancel', { onRequest, schema: { tags, response: { 200: messageResponseSchema } } }, async (request) => {
    await cancelScheduledChange(app.container, requireUserId(request));
    return { message: 'Cambio de plan cancelado. Sigues con tu plan actual.' };
  });

  app.post('/create-portal-session', { onRequest, schema: { tags, response: { 200: urlResponseSchema } } }, async (request) =>
    createPortal(app.container, requireUserId(request)),
  );
};
