import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiKeyListSchema, apiKeySchema, createApiKeyBodySchema, createdApiKeySchema } from '@rankmaps/shared/schemas/api-keys';
import { requireWorkspace } from '../../plugins/auth';
import { access, routeKit } from '../../plugins/route-kit';
import { API_KEY_NOT_FOUND, createApiKey, listApiKeys, revokeApiKey } from './api-keys.service';

const idParams = z.object({ id: z.string().max(100, API_KEY_NOT_FOUND) });

/** The profile's «API» tab (docs/api.md, docs/decisions.md §26.1): the session's own keys. */
export const apiKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  const { container } = app;
  const route = routeKit(app, { tags: ['usuario'] });

  route.get('/api-keys', { operationId: 'listApiKeys', summary: 'Lista las claves de API', description: 'Activas primero, más recientes primero. Nunca incluye la clave entera.', access: access.workspace('integrations.manage'), answer: { schema: apiKeyListSchema } }, async (request) => listApiKeys(container, requireWorkspace(request).id));

  // 403: a plan without API keys; 409: already 10 active keys.
  route.post('/api-keys', { operationId: 'createApiKey', summary: 'Crea una clave de API', description: 'Nombre (1–60) y permisos (read, scans). La clave entera solo aparece en esta respuesta. Solo planes profesionales; como mucho 10 claves activas.', access: access.workspace('integrations.manage'), body: createApiKeyBodySchema, answer: { status: 201, schema: createdApiKeySchema }, refusals: [403, 409] }, async (request, reply) => {
    const { id, actorId } = requireWorkspace(request);
    const created = await createApiKey(container, id, request.body, actorId);
    return reply.code(201).send(created);
  });

  route.delete('/api-keys/:id', { operationId: 'revokeApiKey', summary: 'Revoca una clave de API', description: 'Deja de valer al momento. Repetirla devuelve lo mismo.', access: access.workspace('integrations.manage'), params: idParams, answer: { schema: apiKeySchema } }, async (request) => revokeApiKey(container, requireWorkspace(request).id, request.params.id));
};
