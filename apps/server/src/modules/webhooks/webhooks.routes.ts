import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@rankmaps/shared/schemas/common';
import {
  createWebhookBodySchema,
  createdWebhookSchema,
  updateWebhookBodySchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
} from '@rankmaps/shared/schemas/webhooks';
import { requireUserId } from '../../plugins/auth';
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

const tags = ['webhooks'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: z.string().max(100, WEBHOOK_NOT_FOUND) });
const deliveryParams = z.object({ id: z.string().max(100, WEBHOOK_NOT_FOUND), deliveryId: z.string().max(100, DELIVERY_NOT_FOUND) });
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

/** The profile's «Webhooks» tab (docs/webhooks.md, docs/decisions.md §26.4): the session's own endpoints. */
export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { container } = app;
  const auth = { onRequest: [app.authenticate] };

  app.get(
    '/webhooks',
    { ...auth, schema: { tags, security, summary: 'Lista los webhooks', description: 'Más recientes primero. Nunca incluye el secreto entero.', response: { 200: webhookEndpointListSchema, 401: errorResponseSchema } } },
    async (request) => listWebhooks(container, requireUserId(request)),
  );

  app.post(
    '/webhooks',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Añade un webhook',
        description: 'URL https (pública tras resolver el DNS) y eventos. El secreto de firma entero solo aparece en esta respuesta. Planes para agencias; como mucho 10.',
        body: createWebhookBodySchema,
        response: { 201: createdWebhookSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createWebhook(container, requireUserId(request), request.body)),
  );

  app.patch(
    '/webhooks/:id',
    { ...auth, schema: { tags, security, summary: 'Cambia los eventos de un webhook o lo activa o desactiva', params: idParams, body: updateWebhookBodySchema, response: { 200: webhookEndpointSchema, ...errors } } },
    async (request) => updateWebhook(container, requireUserId(request), request.params.id, request.body),
  );

  app.delete(
    '/webhooks/:id',
    { ...auth, schema: { tags, security, summary: 'Borra un webhook y su registro de entregas', params: idParams, response: { 204: z.null(), 401: errorResponseSchema, 404: errorResponseSchema } } },
    async (request, reply) => {
      await deleteWebhook(container, requireUserId(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/webhooks/:id/secret',
    { ...auth, schema: { tags, security, summary: 'Rota el secreto de firma', description: 'El nuevo secreto solo aparece en esta respuesta; el anterior deja de firmar al momento.', params: idParams, response: { 200: createdWebhookSchema, ...errors } } },
    async (request) => rotateWebhookSecret(container, requireUserId(request), request.params.id),
  );

  app.post(
    '/webhooks/:id/ping',
    { ...auth, schema: { tags, security, summary: 'Envía un evento de prueba', params: idParams, response: { 202: webhookDeliverySchema, ...errors } } },
    async (request, reply) => reply.code(202).send(await sendTestEvent(container, requireUserId(request), request.params.id)),
  );

  app.get(
    '/webhooks/:id/deliveries',
    { ...auth, schema: { tags, security, summary: 'Lista las entregas de un webhook', description: 'Las 50 más recientes.', params: idParams, response: { 200: webhookDeliveryListSchema, 401: errorResponseSchema, 404: errorResponseSchema } } },
    async (request) => listDeliveries(container, requireUserId(request), request.params.id),
  );

  app.post(
    '/webhooks/:id/deliveries/:deliveryId/replay',
    { ...auth, schema: { tags, security, summary: 'Reenvía una entrega', description: 'Un intento más con el mismo cuerpo y el mismo id de entrega.', params: deliveryParams, response: { 202: webhookDeliverySchema, ...errors } } },
    async (request, reply) => reply.code(202).send(await replayDelivery(container, requireUserId(request), request.params.id, request.params.deliveryId)),
  );
};
