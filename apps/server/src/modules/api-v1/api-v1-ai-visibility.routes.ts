import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  aiAnalysisIdParamsSchema,
  aiAnalysisResponseSchema,
  aiCompareParamsSchema,
  aiCompareResponseSchema,
  aiEnginesResponseSchema,
  aiHistoryQuerySchema,
  aiHistoryResponseSchema,
  aiPointsResponseSchema,
  aiScanRequestSchema,
  aiScanResponseSchema,
} from '@rankmaps/shared/schemas/ai-visibility';
import { requireUserId } from '../../plugins/auth';
import { routeKit } from '../../plugins/route-kit';
import * as ai from '../ai-visibility/ai-visibility.service';
import { IDEMPOTENCY_DOC, idempotencyHeadersSchema, tags, v1Action } from './api-v1-route-kit';
import { v1IdParams } from './api-v1.schemas';
import { idempotent } from './idempotency';

// AI-visibility analyses through /api/v1 (docs/api.md «Visibilidad en IA»), as map analyses are
// exposed: the quote or the start (permission scans, spends credits, Idempotency-Key), the
// history of a keyword, one analysis, its answers and the comparison of two, through the
// services the SPA uses.

export const apiV1AiVisibilityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { container } = app;
  const route = routeKit(app, { tags });

  route.get('/ai-visibility/engines', { ...v1Action('listAiEngines', 'Cada motor de IA, si se puede usar en este servidor (y por qué no), sus créditos por llamada, su alcance (point: por punto; city: por ciudad) y su cuota gratuita diaria.'), summary: 'Los motores de IA', answer: { schema: aiEnginesResponseSchema } }, async () => ai.listEngines(container.aiEngines));

  route.post('/keywords/:id/ai-visibility', { ...v1Action('startAiVisibilityAnalysis', 'Cuerpo: { engines, gridSize?, samples?, dryRun? }. Con dryRun: true, 200 con el presupuesto y nada más; sin él, reserva los créditos (403 INSUFFICIENT_CREDITS si faltan; 409 AI_ENGINE_UNAVAILABLE si un motor no está configurado) y responde 201 con el id. Ejemplo: `curl -X POST -H "Authorization: Bearer rmk_…" -H "Content-Type: application/json" -d \'{"engines":["google-ai-mode"],"gridSize":5,"samples":3}\' https://app.rankmaps.es/api/v1/keywords/{id}/ai-visibility`.' + IDEMPOTENCY_DOC), summary: 'Presupuesta o lanza un análisis de visibilidad en IA (gasta créditos)', params: v1IdParams, headers: idempotencyHeadersSchema, body: aiScanRequestSchema, answer: { status: 201, also: [200], schema: aiScanResponseSchema }, refusals: [409], preHandler: [idempotent(container)] }, async (request, reply) => {
    const result = await ai.scan(container, container.aiEngines, requireUserId(request), request.params.id, request.body, request.workspace?.actorId ?? null);
    return reply.status('dryRun' in result ? 200 : 201).send(result);
  });

  route.get('/keywords/:id/ai-visibility', { ...v1Action('listKeywordAiVisibility', 'Paginado: más recientes primero; nextCursor es null en la última página.'), summary: 'Los análisis de visibilidad en IA de una keyword', params: v1IdParams, querystring: aiHistoryQuerySchema, answer: { schema: aiHistoryResponseSchema } }, async (request) => ai.listHistory(container, requireUserId(request), request.params.id, request.query));

  route.get('/ai-visibility/:id', { ...v1Action('getAiVisibility', 'Estado, progreso y métricas, cada una { value, low, high } con su intervalo del 95 %, por motor y en conjunto; demo: true para «Datos de demostración».'), summary: 'Un análisis de visibilidad en IA', params: aiAnalysisIdParamsSchema, answer: { schema: aiAnalysisResponseSchema } }, async (request) => ai.getAnalysis(container, requireUserId(request), request.params.id));

  route.get('/ai-visibility/:id/points', { ...v1Action('listAiVisibilityPoints', 'Cada respuesta por punto, muestra y motor (las de un motor de ciudad, en el punto -1), con las fallidas como fallidas.'), summary: 'Las respuestas de un análisis de visibilidad en IA', params: aiAnalysisIdParamsSchema, answer: { schema: aiPointsResponseSchema } }, async (request) => ai.getPoints(container, requireUserId(request), request.params.id));

  route.get('/ai-visibility/:id/compare/:otherAnalysisId', { ...v1Action('compareAiVisibilityAnalyses', 'Cada métrica de los dos con sus intervalos y si el cambio está por encima del ruido (los intervalos del 95 % no se solapan); 400 AI_ANALYSIS_NOT_COMPLETED si alguno no ha terminado.'), summary: 'Compara dos análisis de visibilidad en IA', params: aiCompareParamsSchema, answer: { schema: aiCompareResponseSchema } }, async (request) => ai.compareAnalyses(container, requireUserId(request), request.params.id, request.params.otherAnalysisId));
};
