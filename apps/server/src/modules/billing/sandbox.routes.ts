import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageResponseSchema } from '@rankmaps/shared/schemas/common';
import {
  redirectResponseSchema,
  sandboxCheckoutSchema,
  sandboxOutcomeSchema,
  sandboxRenewalSchema,
} from '@rankmaps/shared/schemas/sandbox';
import { notFound } from '../../errors';
import { requireWorkspace } from '../../plugins/auth';
import { access, routeKit } from '../../plugins/route-kit';
import { describeSandboxCheckout, sandboxOf, settleSandboxPastDue, simulateSandboxRenewal } from './sandbox.service';

const idParams = z.object({ id: z.string().regex(/^cs_sbx_[a-f0-9]{24}$/, 'Sesión de pago no válida.') });

/**
 * The local payment sandbox: its checkout page's data and buttons, and two simulations
 * (the next renewal, and paying a past-due invoice from the sandbox billing portal).
 * Registered only while the sandbox is enabled; in production it does not exist.
 */
export const sandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeKit(app, { tags: ['sandbox de pagos'] });

  // The checkout page is reached by its link, like the provider's: its id is the credential.
  route.get('/checkout/:id', { operationId: 'getSandboxCheckout', summary: 'Datos de la página de pago del sandbox', description: 'Sin sesión: el id de la sesión de pago hace de credencial, como en la página del proveedor.', access: access.public, params: idParams, answer: { schema: sandboxCheckoutSchema } }, async (request) => {
    const found = await describeSandboxCheckout(app.container, request.params.id);
    if (!found) throw notFound('Sesión de pago no encontrada.');
    return found;
  });

  route.post('/checkout/:id/complete', { operationId: 'completeSandboxCheckout', summary: 'Paga, rechaza o paga con la renovación fallida un pago del sandbox', access: access.public, params: idParams, body: sandboxOutcomeSchema, answer: { schema: redirectResponseSchema } }, async (request) => {
    const sandbox = sandboxOf(app.container);
    if (!(await sandbox.getCheckout(request.params.id))) throw notFound('Sesión de pago no encontrada.');
    return sandbox.completeCheckout(request.params.id, request.body.outcome);
  });

  route.post('/renewal', { operationId: 'simulateSandboxRenewal', summary: 'Simula la próxima renovación de la suscripción (cobrada o fallida)', description: '404: el usuario no tiene suscripción.', access: access.workspace('billing.manage'), body: sandboxRenewalSchema.nullish(), answer: { schema: messageResponseSchema }, refusals: [404] }, async (request) => {
    const status = await simulateSandboxRenewal(app.container, requireWorkspace(request).id, request.body?.outcome);
    return { message: status === 'past_due' ? 'Renovación simulada: el cobro ha fallado.' : 'Renovación simulada: cobro realizado.' };
  });

  route.post('/portal/settle', { operationId: 'settleSandboxPastDue', summary: 'Simula actualizar la tarjeta en el portal de facturación y pagar lo pendiente', description: '404: el usuario no tiene suscripción.', access: access.workspace('billing.manage'), answer: { schema: messageResponseSchema }, refusals: [404] }, async (request) => {
    await settleSandboxPastDue(app.container, requireWorkspace(request).id);
    return { message: 'Método de pago actualizado (simulado). Pago realizado.' };
  });
};
