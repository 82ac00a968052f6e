import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema, messageResponseSchema } from '@rankmaps/shared/schemas/common';
import { placeIdParamsSchema } from '@rankmaps/shared/schemas/places';
import { clientIdParamsSchema, clientListSchema, clientRequestSchema, clientSchema, placeClientRequestSchema, placeClientResponseSchema } from '@rankmaps/shared/schemas/workspace';
import { notFound } from '../../errors';
import { requireUserId } from '../../plugins/auth';
import { LOGO_NOT_FOUND, logoDocSchema, logoUploadScope, sendLogoPng } from '../reports/report-logo-files';
import { deleteClientLogo, readClientLogo, uploadClientLogo } from './client-logo.service';
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

  // A client's logo for its reports (docs/decisions.md §25.1), served like the white-label logo.
  app.delete(
    '/clients/:id/logo',
    { onRequest: app.authenticate, schema: { tags, security, summary: 'Quita el logo de un cliente', params: clientIdParamsSchema, response: { 200: clientSchema, ...errors } } },
    async (request) => deleteClientLogo(container, userId(request), request.params.id),
  );

  app.get(
    '/client-logo/:key.png',
    { schema: { tags, summary: 'Logo de un cliente (PNG)', params: z.object({ key: z.string() }) } },
    async (request, reply) => {
      const data = await readClientLogo(container, request.params.key);
      if (!data) throw notFound(LOGO_NOT_FOUND, 'LOGO_NOT_FOUND');
      return sendLogoPng(reply, data);
    },
  );

  await app.register(clientLogoUploadRoutes);
};

/** The upload, in a scope of its own: only it takes multipart bodies. */
const clientLogoUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { container } = app;
  const upload = await logoUploadScope(app, container);
  app.post(
    '/clients/:id/logo',
    {
      onRequest: app.authenticate,
      decompress: false,
      preValidation: upload.preValidation,
      preHandler: upload.preHandler,
      schema: {
        tags,
        security,
        summary: 'Sube el logo de un cliente (multipart/form-data)',
        description: 'El archivo va en el campo logo. Se comprueba y se vuelve a codificar como el logo de la marca blanca (mismos límites y mensajes). Solo planes para agencias.',
        consumes: ['multipart/form-data'],
        params: clientIdParamsSchema,
        body: logoDocSchema,
        response: { 200: clientSchema, ...errors, 429: errorResponseSchema },
      },
    },
    async (request) => uploadClientLogo(container, requireUserId(request), request.params.id, request.uploadedFile),
  );
};
