import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { keywordIdParamsSchema } from '@rankmaps/shared/schemas/rankmaps';
import {
  aiAnalysisIdParamsSchema,
  aiAnalysisResponseSchema,
  aiCompareParamsSchema,
  aiCompareResponseSchema,
  aiEnginesResponseSchema,
  aiHistoryQuerySchema,
  aiHistoryResponseSchema,
  aiPointsResponseSchema,
  aiScanResponseSchema,
  aiScanRequestSchema,
} from '@rankmaps/shared/schemas/ai-visibility';
import { requireWorkspace } from '../../plugins/auth';
import { access, routeKit } from '../../plugins/route-kit';
import * as ai from './ai-visibility.service';

/** AI-visibility analyses of a keyword (issue 30, docs/api.md «Visibilidad en IA»). Only the workspace reaches them; others' ids answer 404. */
export const aiVisibilityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { container } = app;
  const workspaceId = (request: FastifyRequest) => requireWorkspace(request).id;
  const route = routeKit(app, { tags: ['visibilidad en IA'] });

  route.get('/ai-visibility/engines', { operationId: 'listMyAiEngines', summary: 'Los motores de IA: si se pueden usar aquí y cuántos créditos cuesta cada llamada', access: access.workspace('data.read'), answer: { schema: aiEnginesResponseSchema } }, async () => ai.listEngines(container.aiEngines));

  // A motor without credentials (409), a free plan (403) or not enough credits (403 insufficient_credits).
  route.post('/ai-visibility/keyword/:keywordId/scan', { operationId: 'scanAiVisibility', summary: 'Presupuesta (dryRun) o lanza un análisis de visibilidad en IA', description: 'Cuerpo: { engines, gridSize (3, 5, 7 o 9; 5 por defecto), samples (1–5; 3 por defecto), dryRun? }. Con dryRun: true responde 200 con el presupuesto (créditos por motor y en total, euros, saldo y el aviso de la cuota gratuita diaria de Gemini) sin crear nada. Sin dryRun reserva los créditos y responde 201 con el id del análisis.', access: access.workspace('scan.run'), params: keywordIdParamsSchema, body: aiScanRequestSchema, answer: { status: 201, also: [200], schema: aiScanResponseSchema }, refusals: [403, 409] }, async (request, reply) => {
    const result = await ai.scan(container, container.aiEngines, workspaceId(request), request.params.keywordId, request.body, requireWorkspace(request).actorId);
    return reply.status('dryRun' in result ? 200 : 201).send(result);
  });

  route.get('/ai-visibility/keyword/:keywordId', { operationId: 'listAiVisibilityAnalyses', summary: 'Los análisis de visibilidad en IA de una keyword', description: 'Del más reciente al más antiguo, por páginas: nextCursor es null en la última.', access: access.workspace('data.read'), params: keywordIdParamsSchema, querystring: aiHistoryQuerySchema, answer: { schema: aiHistoryResponseSchema } }, async (request) => ai.listHistory(container, workspaceId(request), request.params.keywordId, request.query));

  route.get('/ai-visibility/:id', { operationId: 'getAiVisibilityAnalysis', summary: 'Un análisis de visibilidad en IA: estado, progreso y métricas con sus intervalos', description: 'Cada métrica es { value, low, high } (intervalo del 95 %, docs/metrics.md §12), por motor y en conjunto, con la tabla de competidores y la cuota de cada punto. demo: true si respondió el motor de demostración («Datos de demostración»).', access: access.workspace('data.read'), params: aiAnalysisIdParamsSchema, answer: { schema: aiAnalysisResponseSchema } }, async (request) => ai.getAnalysis(container, workspaceId(request), request.params.id));

  route.get('/ai-visibility/:id/points', { operationId: 'getAiVisibilityPoints', summary: 'Las respuestas de cada punto, muestra y motor', description: 'El texto, los negocios nombrados, las fuentes, si te nombra, con qué regla y en qué posición, y las fallidas como fallidas. Las respuestas de un motor de ciudad (ChatGPT) van en el punto -1.', access: access.workspace('data.read'), params: aiAnalysisIdParamsSchema, answer: { schema: aiPointsResponseSchema } }, async (request) => ai.getPoints(container, workspaceId(request), request.params.id));

  route.get('/ai-visibility/:id/compare/:otherAnalysisId', { operationId: 'compareAiVisibility', summary: 'Compara dos análisis de visibilidad en IA completados', description: 'Cada métrica de los dos (otherAnalysisId antes, id después) con sus intervalos, la diferencia y si está por encima del ruido (los intervalos del 95 % no se solapan). 400 AI_ANALYSIS_NOT_COMPLETED si alguno no ha terminado.', access: access.workspace('data.read'), params: aiCompareParamsSchema, answer: { schema: aiCompareResponseSchema } }, async (request) => ai.compareAnalyses(container, workspaceId(request), request.params.id, request.params.otherAnalysisId));
};
