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
import { requireUserId } from '../../plugins/auth';
import { describeSandboxCheckout, sandboxOf, settleSandboxPastDue, simulateSandboxRenewal } from './sandbox.service';

const tags = ['sandbox de pagos'];
const idParams = z.object({ id: z.string().regex(/^cs_sbx_[a-f0-9]{24}$/, 'Sesión de pago no válida.') });

/**
 * The local payment sandbox: its checkout page's data and buttons, and two simulations
 * (the next renewal, and paying a past-due invoice from the sandbox billing portal).
 * Registered only while the sandbox is enabled; in production it does not exist.
 */
export const sandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/checkout/:id', { schema: { tags, params: idParams, response: { 200: sandboxCheckoutSchema } } }, async (request) => {
    const found = await describeSandboxCheckout(app.container, request.params.id);
    if (!found) throw notFound('Sesión de pago no encontrada.');
    return found;
  });

  app.post(
    '/checkout/:id/complete',
    { schema: { tags, params: idParams, body: sandboxOutcomeSchema, response: { 200: redirectResponseSchema } } },
    async (request) => {
      const sandbox = sandboxOf(app.container);
      if (!(await sandbox.getCheckout(request.params.id))) throw notFound('Sesión de pago no encontrada.');
      return sandbox.completeCheckout(request.params.id, request.body.outcome);
    },
  );

  app.post(
    '/renewal',
    { onRequest: app.authenticate, schema: { tags, body: sandboxRenewalSchema.nullish(), response: { 200: messageResponseSchema } } },
    async (request) => {
      const status = await simulateSandboxRenewal(app.container, requireUserId(request), request.body?.outcome);
      return { message: status === 'past_due' ? 'Renovación simulada: el cobro ha fallado.' : 'Renovación simulada: cobro realizado.' };
    },
  );

  app.post(
    '/portal/settle',
    { onRequest: app.authenticate, schema: { tags, response: { 200: messageResponseSchema } } },
    async (request) => {
      await settleSandboxPastDue(app.container, requireUserId(request));
      return { message: 'Método de pago actualizado (simulado). Pago realizado.' };
    },
  );
};
