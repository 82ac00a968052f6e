import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageResponseSchema } from '@rankmaps/shared/schemas/common';
import { placeIdParamsSchema } from '@rankmaps/shared/schemas/places';
import {
  clientIdParamsSchema,
  clientListSchema,
  clientRequestSchema,
  clientSchema,
  placeClientRequestSchema,
  placeClientResponseSchema,
} from '@rankmaps/shared/schemas/workspace';
import { notFound } from '../../errors';
import { requireWorkspace } from '../../plugins/auth';
import { scopeOf } from '../workspaces/scope';
import { access, routeKit } from '../../plugins/route-kit';
import { LOGO_NOT_FOUND, logoDocSchema, logoUploadScope, sendLogoPng } from '../reports/report-logo-files';
import { deleteClientLogo, readClientLogo, uploadClientLogo } from './client-logo.service';
import * as clients from './clients.service';

const tags = ['clientes'];

/** The user's clients (docs/decisions.md §25.1). Only the owner reaches a client; others' ids answer 404. */
export const clientsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { container } = app;
  const workspaceId = (request: FastifyRequest) => requireWorkspace(request).id;
  const route = routeKit(app, { tags });

  route.get('/clients', { operationId: 'listClients', summary: 'Lista los clientes del usuario', access: access.workspace('data.read'), answer: { schema: clientListSchema } }, async (request) => clients.listClients(container, scopeOf(request)));

  // Another of the user's clients has that name.
  route.post('/clients', { operationId: 'createClient', summary: 'Crea un cliente', description: 'El nombre no puede repetir el de otro de tus clientes (→ 409).', access: access.workspace('clients.manage'), body: clientRequestSchema, answer: { status: 201, schema: clientSchema }, refusals: [409] }, async (request, reply) => reply.status(201).send(await clients.createClient(container, workspaceId(request), request.body.name)));

  route.put('/clients/:id', { operationId: 'renameClient', summary: 'Cambia el nombre de un cliente', description: 'El nombre no puede repetir el de otro de tus clientes (→ 409).', access: access.workspace('clients.manage'), params: clientIdParamsSchema, body: clientRequestSchema, answer: { schema: clientSchema }, refusals: [409] }, async (request) => clients.renameClient(container, workspaceId(request), request.params.id, request.body.name));

  route.delete('/clients/:id', { operationId: 'deleteClient', summary: 'Borra un cliente (sus negocios quedan sin cliente)', access: access.workspace('clients.manage'), params: clientIdParamsSchema, answer: { schema: messageResponseSchema } }, async (request) => {
    await clients.deleteClient(container, workspaceId(request), request.params.id);
    return { message: 'Cliente eliminado. Sus negocios quedan sin cliente.' };
  });

  route.put('/place/:id/client', { operationId: 'setPlaceClient', summary: 'Asigna un negocio a un cliente, o se lo quita', description: 'clientId null lo deja sin cliente.', access: access.workspace('clients.manage'), params: placeIdParamsSchema, body: placeClientRequestSchema, answer: { schema: placeClientResponseSchema } }, async (request) => clients.setPlaceClient(container, workspaceId(request), request.params.id, request.body.clientId));

  // A client's logo for its reports (docs/decisions.md §25.1), served like the white-label logo.
  route.delete('/clients/:id/logo', { operationId: 'deleteClientLogo', summary: 'Quita el logo de un cliente', description: 'En cualquier plan. La dirección del logo deja de responder al momento.', access: access.workspace('clients.manage'), params: clientIdParamsSchema, answer: { schema: clientSchema } }, async (request) => deleteClientLogo(container, workspaceId(request), request.params.id));

  route.get('/client-logo/:key.png', { operationId: 'getClientLogo', summary: 'Logo de un cliente (PNG)', description: 'Sin sesión, como una foto de perfil: lo muestran la página compartida, el correo y el PDF. Una clave que no es la de un logo actual → 404.', access: access.public, params: z.object({ key: z.string() }), answer: { download: 'image/png', description: 'El logo, como PNG. Cada subida cambia la dirección, así que se guarda en caché un año.', } }, async (request, reply) => {
    const data = await readClientLogo(container, request.params.key);
    if (!data) throw notFound(LOGO_NOT_FOUND, 'LOGO_NOT_FOUND');
    return sendLogoPng(reply, data);
  });

  await app.register(clientLogoUploadRoutes);
};

/** The upload, in a scope of its own: only it takes multipart bodies. */
const clientLogoUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { container } = app;
  const upload = await logoUploadScope(app, container);
  routeKit(app, { tags }).post('/clients/:id/logo', { operationId: 'uploadClientLogo', summary: 'Sube el logo de un cliente (multipart/form-data)', description: 'El archivo va en el campo logo. Se comprueba y se vuelve a codificar como el logo de la marca blanca (mismos límites y mensajes). Solo planes para agencias.', access: access.workspace('clients.manage'), consumes: ['multipart/form-data'], params: clientIdParamsSchema, body: logoDocSchema, answer: { schema: clientSchema }, refusals: [403], decompress: false, preValidation: [upload.preValidation], preHandler: [upload.preHandler] }, async (request) => uploadClientLogo(container, requireWorkspace(request).id, request.params.id, request.uploadedFile));
};
