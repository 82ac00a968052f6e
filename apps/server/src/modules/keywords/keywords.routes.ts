import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, messageResponseSchema } from '@rankmaps/shared/schemas/common';
import { createKeywordRequestSchema, keywordIdParamsSchema, keywordSchema } from '@rankmaps/shared/schemas/keywords';
import { requireUserId } from '../../plugins/auth';
import * as keywords from './keywords.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const security = [{ bearer: [] }];
const tags = ['keywords'];

/** A place's keywords (docs/product.md §7, /keyword calls). Only the owner reaches them; others' ids answer 404. */
export const keywordsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { container } = app;
  const userId = requireUserId;

  app.post(
    '/keyword',
    {
      onRequest: app.authenticate,
      schema: { tags, security, summary: 'Añade una keyword a un negocio', body: createKeywordRequestSchema, response: { 201: keywordSchema, ...errors, 409: errorResponseSchema } },
    },
    async (request, reply) => reply.status(201).send(await keywords.createKeyword(container, userId(request), request.body)),
  );

  app.get(
    '/keyword/:id',
    { onRequest: app.authenticate, schema: { tags, security, summary: 'Una keyword con su negocio', params: keywordIdParamsSchema, response: { 200: keywordSchema, ...errors } } },
    async (request) => keywords.getKeyword(container, userId(request), request.params.id),
  );

  app.delete(
    '/keyword/:id',
    { onRequest: app.authenticate, schema: { tags, security, summary: 'Borra una keyword y sus análisis', params: keywordIdParamsSchema, response: { 200: messageResponseSchema, ...errors } } },
    async (request) => {
      await keywords.deleteKeyword(container, userId(request), request.params.id);
      return { message: 'Keyword eliminada.' };
    },
  );
};
