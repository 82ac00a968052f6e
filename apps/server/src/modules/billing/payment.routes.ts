import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkoutRequestSchema,
  checkoutSessionStatusSchema,
  planChangePreviewSchema,
  planChangeRequestSchema,
  subscriptionInfoSchema,
  urlResponseSchema,
} from '@rankmaps/shared/schemas/billing';
import { messageResponseSchema } from '@rankmaps/shared/schemas/common';
import { invoiceIdParamsSchema, paymentHistoryWithInvoicesSchema } from '@rankmaps/shared/schemas/invoices';
import { forbidden, unauthorized } from '../../errors';
import { requireWorkspace } from '../../plugins/auth';
import { access, routeKit } from '../../plugins/route-kit';
import { billingUser } from './billing-user';
import { invoicePdfFilename, renderInvoicePdf } from './invoice-pdf';
import { ownInvoiceToDraw } from './invoices.service';
import { cancelScheduledChange, changePlan, changePlanMessage, previewPlanChange, scheduledPlanName } from './plan-change.service';
import {
  changeSubscription,
  createCheckout,
  createPortal,
  getCheckoutStatus,
  getPaymentHistory,
  getSubscriptionInfo,
} from './billing.service';

/**
 * The signed-in user's subscription and payments under /api/payment. Every action with the
 * payment provider answers 503 while none is configured (production without Stripe keys).
 */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { container } = app;
  const route = routeKit(app, { tags: ['pagos'] });

  route.get('/subscription-info', { operationId: 'getMySubscription', summary: 'Plan, suscripción y créditos del usuario', access: access.workspace('billing.read'), answer: { schema: subscriptionInfoSchema } }, async (request) => getSubscriptionInfo(container, requireWorkspace(request).id));

  route.get('/payment-history', { operationId: 'listMyPayments', summary: 'Los últimos 20 pagos del usuario, con sus facturas', access: access.workspace('billing.read'), answer: { schema: paymentHistoryWithInvoicesSchema } }, async (request) => ({ payments: await getPaymentHistory(container, requireWorkspace(request).id) }));

  // docs/billing.md, "Invoices": RankMaps' own invoice of a payment; Stripe's are linked to Stripe's PDF instead.
  route.get('/invoices/:id/pdf', { operationId: 'getMyInvoicePdf', summary: 'Factura de un pago en PDF', description: 'Solo las facturas del propio usuario: las demás responden 404, como una que no existe. Las facturas de Stripe se descargan de Stripe (providerPdfUrl en el historial).', access: access.workspace('billing.read'), params: invoiceIdParamsSchema, answer: { download: 'application/pdf', description: 'La factura en PDF, como adjunto.' } }, async (request, reply) => {
    const invoice = await ownInvoiceToDraw(container, requireWorkspace(request).id, request.params.id);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${invoicePdfFilename(invoice)}"`)
      .header('cache-control', 'no-store')
      .send(await renderInvoicePdf(invoice));
  });

  route.post('/create-checkout-session', { operationId: 'createCheckoutSession', summary: 'Abre el pago de un plan o del paquete de créditos', description: 'Responde la dirección del pago. 403: email sin confirmar; 409: ya hay una suscripción activa (solo para planes).', access: access.workspace('billing.manage'), body: checkoutRequestSchema, answer: { schema: urlResponseSchema }, refusals: [403, 409, 503] }, async (request) => {
    const user = await billingUser(container, requireWorkspace(request).id);
    if (!user) throw unauthorized();
    if (!user.mailConfirmed)
      throw forbidden('Confirma tu email antes de realizar un pago.', 'EMAIL_NOT_CONFIRMED', 'email_not_confirmed');
    return createCheckout(container, user, request.body.priceId, request.body.quantity ?? 1);
  });

  route.get('/checkout-session/:id', { operationId: 'getCheckoutSession', summary: 'Estado de un pago iniciado por el usuario', description: 'Solo los pagos del propio usuario: los demás responden 404, como uno que no existe.', access: access.workspace('billing.manage'), params: z.object({ id: z.string().regex(/^cs_[A-Za-z0-9_]{1,250}$/, 'Sesión de pago no válida.') }), answer: { schema: checkoutSessionStatusSchema }, refusals: [503] }, async (request) => getCheckoutStatus(container, requireWorkspace(request).id, request.params.id));

  const subscriptionAction = (
    path: string,
    declaration: { operationId: string; summary: string; description: string; refusals: readonly (404 | 409 | 503)[] },
    kind: 'cancel' | 'reactivate' | 'cancelNow',
    message: string,
  ) =>
    route.post(path, { ...declaration, access: access.workspace('billing.manage'), answer: { schema: messageResponseSchema } }, async (request) => {
      await changeSubscription(container, requireWorkspace(request).id, kind);
      return { message };
    });
  subscriptionAction(
    '/cancel-subscription',
    {
      operationId: 'cancelSubscription',
      summary: 'Cancela la suscripción al final del período',
      description: '404 sin suscripción; 409 si ya está pendiente de cancelación o hay un cambio de plan programado.',
      refusals: [404, 409, 503],
    },
    'cancel',
    'Suscripción cancelada. Seguirá activa hasta el final del período.',
  );
  subscriptionAction(
    '/reactivate-subscription',
    {
      operationId: 'reactivateSubscription',
      summary: 'Deshace la cancelación pendiente de la suscripción',
      description: '404 sin suscripción; 409 si no está pendiente de cancelación.',
      refusals: [404, 409, 503],
    },
    'reactivate',
    'Suscripción reactivada correctamente.',
  );
  subscriptionAction(
    '/cancel-subscription-immediately',
    {
      operationId: 'cancelSubscriptionNow',
      summary: 'Cancela la suscripción ahora mismo',
      description: '404 sin suscripción.',
      refusals: [404, 503],
    },
    'cancelNow',
    'Suscripción cancelada definitivamente.',
  );

  // docs/decisions.md §22.1: the price first, then the change.
  route.post('/change-plan/preview', { operationId: 'previewPlanChange', summary: 'Qué costaría y qué cambiaría pasar a otro plan (no cambia nada)', description: '409 si ya tiene ese plan, hay un pago pendiente, una cancelación o un cambio programado.', access: access.workspace('billing.manage'), body: planChangeRequestSchema, answer: { schema: planChangePreviewSchema }, refusals: [404, 409, 503] }, async (request) => previewPlanChange(container, requireWorkspace(request).id, request.body.priceId));

  route.post('/change-plan', { operationId: 'changePlan', summary: 'Cambia de plan: sube al momento, o baja al final del período', description: '409 si ya tiene ese plan, hay un pago pendiente, una cancelación o un cambio programado, o si al bajar de plan tiene más negocios o keywords de los que permite el nuevo.', access: access.workspace('billing.manage'), body: planChangeRequestSchema, answer: { schema: messageResponseSchema }, refusals: [404, 409, 503] }, async (request) => {
    const result = await changePlan(container, requireWorkspace(request).id, request.body.priceId);
    return { message: changePlanMessage(result, scheduledPlanName(container, request.body.priceId)) };
  });

  // A move down waits for the end of the period; until then it can be cancelled, leaving nothing behind.
  route.post('/change-plan/cancel', { operationId: 'cancelPlanChange', summary: 'Cancela el cambio de plan programado', description: '404 si no hay ningún cambio de plan programado.', access: access.workspace('billing.manage'), answer: { schema: messageResponseSchema }, refusals: [404, 503] }, async (request) => {
    await cancelScheduledChange(container, requireWorkspace(request).id);
    return { message: 'Cambio de plan cancelado. Sigues con tu plan actual.' };
  });

  route.post('/create-portal-session', { operationId: 'createBillingPortalSession', summary: 'Abre el portal de facturación del proveedor de pagos', description: '404: el usuario aún no tiene datos de facturación en el proveedor.', access: access.workspace('billing.manage'), answer: { schema: urlResponseSchema }, refusals: [404, 503] }, async (request) => createPortal(container, requireWorkspace(request).id));
};
