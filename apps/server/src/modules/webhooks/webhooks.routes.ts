import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createWebhookBodySchema,
  createdWebhookSchema,
  updateWebhookBodySchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
} from '@rankmaps/shared/schemas/webhooks';
import { requireWorkspace } from '../../plugins/auth';
import { access, routeKit } from '../../plugins/route-kit';
import {
  DELIVERY_NOT_FOUND,
  WEBHOOK_NOT_FOUND,
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  replayDelivery,
  rotateWebhookSecret,
  sendTestEvent,
  updateWebhook,
} from './webhooks.service';

const idParams = z.object({ id: z.string().max(100, WEBHOOK_NOT_FOUND) });
const deliveryParams = z.object({ id: z.string().max(100, WEBHOOK_NOT_FOUND), deliveryId: z.string().max(100, DELIVERY_NOT_FOUND) });

/**
 * The profile's «Webhooks» tab (docs/webhooks.md, docs/decisions.md §26.4): the session's own endpoints.
 * Listing, switching off and deleting work on any plan; the rest needs an agency plan (403).
 */
export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { container } = app;
  const route = routeKit(app, { tags: ['webhooks'] });

  route.get('/webhooks', { operationId: 'listWebhooks', summary: 'Lista los webhooks', description: 'Más recientes primero. Nunca incluye el secreto entero.', access: access.workspace('integrations.manage'), answer: { schema: webhookEndpointListSchema } }, async (request) => listWebhooks(container, requireWorkspace(request).id));

  // 409: already 10 endpoints.
  route.post('/webhooks', { operationId: 'createWebhook', summary: 'Añade un webhook', description: 'URL https (pública tras resolver el DNS) y eventos. El secreto de firma entero solo aparece en esta respuesta. Planes para agencias; como mucho 10.', access: access.workspace('integrations.manage'), body: createWebhookBodySchema, answer: { status: 201, schema: createdWebhookSchema }, refusals: [403, 409] }, async (request, reply) => {
    const { id, actorId } = requireWorkspace(request);
    return reply.code(201).send(await createWebhook(container, id, request.body, actorId));
  });

  route.patch('/webhooks/:id', { operationId: 'updateWebhook', summary: 'Cambia los eventos de un webhook o lo activa o desactiva', description: 'Desactivarlo vale en cualquier plan; cambiar los eventos o activarlo, solo en planes para agencias. Al activarlo vuelve a empezar la cuenta de fallos.', access: access.workspace('integrations.manage'), params: idParams, body: updateWebhookBodySchema, answer: { schema: webhookEndpointSchema }, refusals: [403] }, async (request) => updateWebhook(container, requireWorkspace(request).id, request.params.id, request.body));

  route.delete('/webhooks/:id', { operationId: 'deleteWebhook', summary: 'Borra un webhook y su registro de entregas', description: 'En cualquier plan. Un reintento pendiente ya no envía nada.', access: access.workspace('integrations.manage'), params: idParams, answer: { status: 204 } }, async (request, reply) => {
    await deleteWebhook(container, requireWorkspace(request).id, request.params.id);
    return reply.code(204).send(null);
  });

  route.post('/webhooks/:id/secret', { operationId: 'rotateWebhookSecret', summary: 'Rota el secreto de firma', description: 'El nuevo secreto solo aparece en esta respuesta; el anterior deja de firmar al momento.', access: access.workspace('integrations.manage'), params: idParams, answer: { schema: createdWebhookSchema }, refusals: [403] }, async (request) => rotateWebhookSecret(container, requireWorkspace(request).id, request.params.id));

  // 409: the webhook is switched off.
  route.post('/webhooks/:id/ping', { operationId: 'sendWebhookTestEvent', summary: 'Envía un evento de prueba', description: 'Un evento webhook.test que pasa por la cola como cualquier otro. Un webhook desactivado → 409.', access: access.workspace('integrations.manage'), params: idParams, answer: { status: 202, schema: webhookDeliverySchema }, refusals: [403, 409] }, async (request, reply) => reply.code(202).send(await sendTestEvent(container, requireWorkspace(request).id, request.params.id)));

  route.get('/webhooks/:id/deliveries', { operationId: 'listWebhookDeliveries', summary: 'Lista las entregas de un webhook', description: 'Las 50 más recientes.', access: access.workspace('integrations.manage'), params: idParams, answer: { schema: webhookDeliveryListSchema } }, async (request) => listDeliveries(container, requireWorkspace(request).id, request.params.id));

  // 409: the webhook is switched off, or the delivery is still in progress.
  route.post('/webhooks/:id/deliveries/:deliveryId/replay', { operationId: 'replayWebhookDelivery', summary: 'Reenvía una entrega', description: 'Un intento más con el mismo cuerpo y el mismo id de entrega.', access: access.workspace('integrations.manage'), params: deliveryParams, answer: { status: 202, schema: webhookDeliverySchema }, refusals: [403, 409] }, async (request, reply) =>
    reply.code(202).send(await replayDelivery(container, requireWorkspace(request).id, request.params.id, request.params.deliveryId)));
};
