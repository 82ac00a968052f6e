import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, messageResponseSchema } from '@rankmaps/shared/schemas/common';
import { placeIdParamsSchema } from '@rankmaps/shared/schemas/places';
import { clientIdParamsSchema, clientListSchema, clientRequestSchema, clientSchema, placeClientRequestSchema, placeClientResponseSchema } from '@rankmaps/shared/schemas/workspace';
import { requireUserId } from '../../plugins/auth';
import * as clients from './clients.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const security = [{ bearer: [] }];
const tags = ['clientes'];

/** The user's clients (docs/decisions.md §25.1). Only the owner reaches a client; others' ids answer 404. */
export const clientsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { container } = app;
  const userId = requireUserId;

  app.get(
    '/clients',
    { onRequest: app.authenticate, schema: { tags, security, summary: 'Lista los clientes del usuario', response: { 200: clientListSchema, ...errors } } },
    async (request) => clients.listClients(container, userId(request)),
  );

  app.post(
    '/clients',
    { onRequest: app.authenticate, schema: { tags, security, summary: 'Crea un cliente', body: clientRequestSchema, response: { 201: clientSchema, ...errors, 409: errorResponseSchema } } },
    async (request, reply) => reply.status(201).send(await clients.createClient(container, userId(request), request.body.name)),
  );

  app.put(
    '/clients/:id',
    {
      onRequest: app.authenticate,
      schema: { tags, security, summary: 'Cambia el nombre de un cliente', params: clientIdParamsSchema, body: clientRequestSchema, response: { 200: clientSchema, ...errors, 409: errorResponseSchema } },
    },
    async (request) => clients.renameClient(container, userId(request), request.params.id, request.body.name),
  );

  app.delete(
    '/clients/:id',
    { onRequest: app.authenticate, schema: { tags, security, summary: 'Borra un cliente (sus negocios quedan sin cliente)', params: clientIdParamsSchema, response: { 200: messageResponseSchema, ...errors } } },
    async (request) => {
      await clients.deleteClient(container, userId(request), request.params.id);
      return { message: 'Cliente eliminado. Sus negocios quedan sin cliente.' };
    },
  );

  app.put(
    '/place/:id/client',
    {
      onRequest: app.authenticate,
      schema: { tags, security, summary: 'Asigna un negocio a un cliente, o se lo quita', params: placeIdParamsSchema, body: placeClientRequestSchema, response: { 200: placeClientResponseSchema, ...errors } },
    },
    async (request) => clients.setPlaceClient(container, userId(request), request.params.id, request.body.clientId),
  );
};
