import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponseSchema } from '@rankmaps/shared/schemas/common';
import { createKeywordRequestSchema, keywordIdParamsSchema, keywordSchema } from '@rankmaps/shared/schemas/keywords';
import { requireWorkspace } from '../../plugins/auth';
import { access, routeKit } from '../../plugins/route-kit';
import * as keywords from './keywords.service';

/** A place's keywords (docs/product.md §7, /keyword calls). Only the owner reaches them; others' ids answer 404. */
export const keywordsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { container } = app;
  const workspaceId = (request: FastifyRequest) => requireWorkspace(request).id;
  const route = routeKit(app, { tags: ['keywords'] });

  // 403: a free plan, or the plan's keywords per place used up; 404: not your place; 409: already there.
  route.post('/keyword', { operationId: 'createKeyword', summary: 'Añade una keyword a un negocio', access: access.workspace('data.write'), body: createKeywordRequestSchema, answer: { status: 201, schema: keywordSchema }, refusals: [403, 404, 409] }, async (request, reply) => reply.status(201).send(await keywords.createKeyword(container, workspaceId(request), request.body)));

  route.get('/keyword/:id', { operationId: 'getKeyword', summary: 'Una keyword con su negocio', access: access.workspace('data.read'), params: keywordIdParamsSchema, answer: { schema: keywordSchema } }, async (request) => keywords.getKeyword(container, workspaceId(request), request.params.id));

  route.delete('/keyword/:id', { operationId: 'deleteKeyword', summary: 'Borra una keyword y sus análisis', description: 'Los análisis sin terminar devuelven lo que no llegaron a buscar.', access: access.workspace('data.write'), params: keywordIdParamsSchema, answer: { schema: messageResponseSchema } }, async (request) => {
    await keywords.deleteKeyword(container, workspaceId(request), request.params.id);
    return { message: 'Keyword eliminada.' };
  });
};
