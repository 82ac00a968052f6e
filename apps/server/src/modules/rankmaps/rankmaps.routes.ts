import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponseSchema } from '@rankmaps/shared/schemas/common';
import { analyzeAdvancedRequestSchema, analyzeRequestSchema, analyzeResponseSchema, keywordIdParamsSchema, rankMapIdParamsSchema, rankMapListResponseSchema, rankMapResponseSchema, rankMapStatusResponseSchema, scanQuotaResponseSchema } from '@rankmaps/shared/schemas/rankmaps';
import { creditForecastResponseSchema } from '@rankmaps/shared/schemas/credit-forecast';
import { requireWorkspace } from '../../plugins/auth';
import { scopeOf } from '../workspaces/scope';
import { access, routeKit } from '../../plugins/route-kit';
import { creditForecast } from './credit-forecast.service';
import { answerAnalysis, sendAnswer } from './rankmap-answer';
import * as rankmaps from './rankmaps.service';

/** Analyses of a keyword (docs/product.md §7, /rankmap calls). Only the owner reaches them; others' ids answer 404. */
export const rankmapsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { container } = app;
  const workspaceId = (request: FastifyRequest) => requireWorkspace(request).id;
  const route = routeKit(app, { tags: ['análisis'] });

  // A free plan, the month's manual analyses used up, or not enough credits.
  route.post('/rankmap/keyword/:keywordId/analyze', { operationId: 'analyzeKeyword', summary: 'Lanza un análisis ahora', description: 'Un plan Pro paga 1 crédito por punto válido de la cuadrícula; un plan Basic gasta uno de los análisis manuales del mes.', access: access.workspace('scan.run'), params: keywordIdParamsSchema, body: analyzeRequestSchema, answer: { status: 201, schema: analyzeResponseSchema }, refusals: [403] }, async (request, reply) => reply.status(201).send(await rankmaps.analyze(container, workspaceId(request), request.params.keywordId, request.body, requireWorkspace(request).actorId)));

  route.post('/rankmap/keyword/:keywordId/analyze-advanced', { operationId: 'queueKeywordAnalysis', summary: 'Lanza un análisis en segundo plano o lo programa (scheduledFor)', description: 'Un plan Pro paga 1 crédito por punto válido al empezar (uno programado, cuando empieza); un plan Basic gasta uno de los análisis manuales del mes.', access: access.workspace('scan.run'), params: keywordIdParamsSchema, body: analyzeAdvancedRequestSchema, answer: { status: 201, schema: analyzeResponseSchema }, refusals: [403] }, async (request, reply) => reply.status(201).send(await rankmaps.analyze(container, workspaceId(request), request.params.keywordId, request.body, requireWorkspace(request).actorId)));

  route.get('/rankmap/scan-quota', { operationId: 'getScanQuota', summary: 'Análisis manuales del mes: los que da el plan, los usados y los que quedan', description: 'limit y remaining son null cuando el plan no cuenta los análisis manuales.', access: access.workspace('billing.read'), answer: { schema: scanQuotaResponseSchema } }, async (request) => rankmaps.scanQuota(container, workspaceId(request)));

  route.get('/rankmap/credit-forecast', { operationId: 'getMyCreditForecast', summary: 'Previsión de créditos: el trabajo programado de los próximos 7 días, lo que cuesta y lo que falta', access: access.workspace('billing.read'), answer: { schema: creditForecastResponseSchema } }, async (request) => creditForecast(container, scopeOf(request)));

  route.get('/rankmap/keyword/:keywordId', { operationId: 'listMyKeywordAnalyses', summary: 'Análisis de una keyword', description: 'Del más reciente al más antiguo (los programados por su fecha), con el próximo escaneo semanal como entrada más mientras el negocio lo tenga activo y el plan lo incluya.', access: access.workspace('data.read'), params: keywordIdParamsSchema, answer: { schema: rankMapListResponseSchema } }, async (request) => rankmaps.listAnalyses(container, workspaceId(request), request.params.keywordId));

  route.get('/rankmap/:id', { operationId: 'getMyAnalysis', summary: 'Un análisis con sus resultados y competidores', description: 'Con Accept-Encoding br o gzip la respuesta llega comprimida (la de un análisis completado se guarda ya comprimida).', access: access.workspace('data.read'), params: rankMapIdParamsSchema, answer: { schema: rankMapResponseSchema } }, async (request, reply) => {
    // Serialised (and for a completed analysis, compressed and kept) by answerAnalysis: a 25×25 answer is 3.8 MB of JSON.
    const answer = await answerAnalysis(container, workspaceId(request), request.params.id, {
      acceptEncoding: request.headers['accept-encoding'],
      noCompression: request.headers['x-no-compression'] !== undefined,
    });
    return sendAnswer(reply, answer);
  });

  route.get('/rankmap/:id/status', { operationId: 'getAnalysisStatus', summary: 'Estado y progreso de un análisis', access: access.workspace('data.read'), params: rankMapIdParamsSchema, answer: { schema: rankMapStatusResponseSchema } }, async (request) => rankmaps.getStatus(container, workspaceId(request), request.params.id));

  route.delete('/rankmap/:id', { operationId: 'deleteAnalysis', summary: 'Borra un análisis', description: 'Con sus resultados; uno sin terminar devuelve lo que no llegó a buscar.', access: access.workspace('data.write'), params: rankMapIdParamsSchema, answer: { schema: messageResponseSchema } }, async (request) => {
    await rankmaps.deleteAnalysis(container, workspaceId(request), request.params.id);
    return { message: 'Análisis borrado correctamente' };
  });

  // Only one that has not started yet.
  route.delete('/rankmap/scheduled/:id', { operationId: 'cancelScheduledAnalysis', summary: 'Cancela un análisis programado', description: 'Solo uno que aún no ha empezado (409 si no); no se cobró ningún crédito y se devuelve su análisis del mes.', access: access.workspace('data.write'), params: rankMapIdParamsSchema, answer: { schema: messageResponseSchema }, refusals: [409] }, async (request) => {
    await rankmaps.deleteScheduled(container, workspaceId(request), request.params.id);
    return { message: 'Análisis programado eliminado correctamente' };
  });
};
