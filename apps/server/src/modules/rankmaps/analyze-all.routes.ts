import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyzeAllPreviewSchema, analyzeAllResultSchema, analyzeManyRequestSchema } from '@rankmaps/shared/schemas/analyze-all';
import { errorResponseSchema } from '@rankmaps/shared/schemas/common';
import { placeIdParamsSchema } from '@rankmaps/shared/schemas/places';
import { requireUserId } from '../../plugins/auth';
import { analyzeAll, analyzeMany, previewAnalyzeAll, previewAnalyzeMany } from './analyze-all.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const security = [{ bearer: [] }];
const tags = ['análisis'];

/** «Analizar todas» (docs/decisions.md §25.2): the cost first (preview), then every analysis at once, or none. */
export const analyzeAllRoutes: FastifyPluginAsyncZod = async (app) => {
  const { container } = app;
  const userId = requireUserId;
  const auth = { onRequest: app.authenticate };

  app.post(
    '/place/:id/analyze-all/preview',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Lo que costaría analizar todas las keywords de un negocio (créditos o análisis del mes); no lanza nada',
        params: placeIdParamsSchema,
        response: { 200: analyzeAllPreviewSchema, ...errors },
      },
    },
    async (request) => previewAnalyzeAll(container, userId(request), request.params.id),
  );

  app.post(
    '/place/:id/analyze-all',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Analiza todas las keywords de un negocio: todas o ninguna si no alcanzan los créditos o los análisis del mes',
        description: 'Las keywords que ya se están analizando no se lanzan otra vez (un doble clic las lanza una sola vez).',
        params: placeIdParamsSchema,
        response: { 201: analyzeAllResultSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await analyzeAll(container, userId(request), request.params.id)),
  );

  app.post(
    '/rankmap/analyze-many/preview',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Lo que costaría analizar una selección de keywords (hasta 200); no lanza nada',
        body: analyzeManyRequestSchema,
        response: { 200: analyzeAllPreviewSchema, ...errors },
      },
    },
    async (request) => previewAnalyzeMany(container, userId(request), request.body.keywordIds),
  );

  app.post(
    '/rankmap/analyze-many',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Analiza una selección de keywords (hasta 200): todas o ninguna',
        description: 'Las keywords que ya se están analizando no se lanzan otra vez.',
        body: analyzeManyRequestSchema,
        response: { 201: analyzeAllResultSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await analyzeMany(container, userId(request), request.body.keywordIds)),
  );
};
