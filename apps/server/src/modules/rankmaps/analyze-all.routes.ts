import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyzeAllPreviewSchema, analyzeAllResultSchema, analyzeManyRequestSchema } from '@rankmaps/shared/schemas/analyze-all';
import { placeIdParamsSchema } from '@rankmaps/shared/schemas/places';
import { requireWorkspace } from '../../plugins/auth';
import { access, routeKit } from '../../plugins/route-kit';
import { analyzeAll, analyzeMany, previewAnalyzeAll, previewAnalyzeMany } from './analyze-all.service';

/** «Analizar todas» (docs/decisions.md §25.2): the cost first (preview), then every analysis at once, or none. */
export const analyzeAllRoutes: FastifyPluginAsyncZod = async (app) => {
  const { container } = app;
  const workspaceId = (request: FastifyRequest) => requireWorkspace(request).id;
  const route = routeKit(app, { tags: ['análisis'] });

  // A free plan.
  route.post('/place/:id/analyze-all/preview', { operationId: 'previewAnalyzePlaceKeywords', summary: 'Lo que costaría analizar todas las keywords de un negocio (créditos o análisis del mes); no lanza nada', access: access.workspace('scan.run'), params: placeIdParamsSchema, answer: { schema: analyzeAllPreviewSchema }, refusals: [403] }, async (request) => previewAnalyzeAll(container, workspaceId(request), request.params.id));

  // A free plan, or not enough credits or analyses of the month for all of them.
  route.post('/place/:id/analyze-all', { operationId: 'analyzePlaceKeywords', summary: 'Analiza todas las keywords de un negocio: todas o ninguna si no alcanzan los créditos o los análisis del mes', description: 'Las keywords que ya se están analizando no se lanzan otra vez (un doble clic las lanza una sola vez).', access: access.workspace('scan.run'), params: placeIdParamsSchema, answer: { status: 201, schema: analyzeAllResultSchema }, refusals: [403] }, async (request, reply) => reply.status(201).send(await analyzeAll(container, workspaceId(request), request.params.id, requireWorkspace(request).actorId)));

  // 403: a free plan; 404: a keyword that is not the user's.
  route.post('/rankmap/analyze-many/preview', { operationId: 'previewAnalyzeSelectedKeywords', summary: 'Lo que costaría analizar una selección de keywords (hasta 200); no lanza nada', access: access.workspace('scan.run'), body: analyzeManyRequestSchema, answer: { schema: analyzeAllPreviewSchema }, refusals: [403, 404] }, async (request) => previewAnalyzeMany(container, workspaceId(request), request.body.keywordIds));

  route.post('/rankmap/analyze-many', { operationId: 'analyzeSelectedKeywords', summary: 'Analiza una selección de keywords (hasta 200): todas o ninguna', description: 'Las keywords que ya se están analizando no se lanzan otra vez.', access: access.workspace('scan.run'), body: analyzeManyRequestSchema, answer: { status: 201, schema: analyzeAllResultSchema }, refusals: [403, 404] }, async (request, reply) => reply.status(201).send(await analyzeMany(container, workspaceId(request), request.body.keywordIds, requireWorkspace(request).actorId)));
};
