import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiKeyListSchema, apiKeySchema, createApiKeyBodySchema, createdApiKeySchema } from '@rankmaps/shared/schemas/api-keys';
import { errorResponseSchema } from '@rankmaps/shared/schemas/common';
import { requireUserId } from '../../plugins/auth';
import { API_KEY_NOT_FOUND, createApiKey, listApiKeys, revokeApiKey } from './api-keys.service';

const tags = ['usuario'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: z.string().max(100, API_KEY_NOT_FOUND) });

/** The profile's «API» tab (docs/api.md, docs/decisions.md §26.1): the session's own keys. */
export const apiKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  const { container } = app;
  const auth = { onRequest: [app.authenticate] };

  app.get(
    '/api-keys',
    { ...auth, schema: { tags, security, summary: 'Lista las claves de API', description: 'Activas primero, más recientes primero. Nunca incluye la clave entera.', response: { 200: apiKeyListSchema, 401: errorResponseSchema } } },
    async (request) => listApiKeys(container, requireUserId(request)),
  );

  app.post(
    '/api-keys',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Crea una clave de API',
        description: 'Nombre (1–60) y permisos (read, scans). La clave entera solo aparece en esta respuesta. Solo planes profesionales; como mucho 10 claves activas.',
        body: createApiKeyBodySchema,
        response: { 201: createdApiKeySchema, 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const created = await createApiKey(container, requireUserId(request), request.body);
      return reply.code(201).send(created);
    },
  );

  app.delete(
    '/api-keys/:id',
    { ...auth, schema: { tags, security, summary: 'Revoca una clave de API', description: 'Deja de valer al momento. Repetirla devuelve lo mismo.', params: idParams, response: { 200: apiKeySchema, 401: errorResponseSchema, 404: errorResponseSchema } } },
    async (request) => revokeApiKey(container, requireUserId(request), request.params.id),
  );
};
