import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { compareResponseSchema } from '@rankmaps/shared/schemas/compare';
import { analyzeRequestSchema } from '@rankmaps/shared/schemas/rankmaps';
import { badRequest, notFound } from '../../errors';
import { requireUserId } from '../../plugins/auth';
import { compareAnalyses } from '../rankmaps/rankmap-compare.service';
import { exportPoints } from '../rankmaps/rankmap-export.service';
import { analysisPoints } from '../rankmaps/rankmap-points.service';
import { analyze } from '../rankmaps/rankmaps.service';
import { routeKit } from '../../plugins/route-kit';
import { heatMapImage } from '../reports/heat-map-png/heat-map-image.service';
import { ANALYSIS_NOT_FOUND, IDEMPOTENCY_DOC, idempotencyHeadersSchema, tags, v1Action } from './api-v1-route-kit';
import { presentAnalysis } from './api-v1.presenter';
import { apiV1Repository } from './api-v1.repository';
import { v1AnalysisSchema, v1CompareParams, v1IdParams, v1ResultPageSchema } from './api-v1.schemas';
import { INVALID_CURSOR, pageQuerySchema } from './cursor';
import { idempotent } from './idempotency';

// Analyses through /api/v1 (docs/api.md «Análisis»): start one now (scope scans, spends
// credits), its grid points page by page, the comparison of two and the CSV, all through the
// services the SPA uses.

/** The results' cursor is the last point index of the page, as a decimal string. */
function afterIndex(raw: string | undefined): number {
  if (raw === undefined) return -1;
  if (!/^\d{1,6}$/.test(raw)) throw badRequest(INVALID_CURSOR, 'INVALID_CURSOR');
  return Number(raw);
}

export const apiV1AnalysesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { container } = app;
  const db = container.database.db;
  const route = routeKit(app, { tags });

  route.post('/keywords/:id/analyses', { ...v1Action( 'startKeywordAnalysis', 'Cuerpo opcional: { query?, maxResults? }. Cobra 1 crédito por punto válido de la cuadrícula del negocio; sin créditos suficientes, 403 INSUFFICIENT_CREDITS. Ejemplo: `curl -X POST -H "Authorization: Bearer rmk_…" -H "Idempotency-Key: 6f1c…" -H "Content-Type: application/json" -d \'{}\' https://app.rankmaps.es/api/v1/keywords/{id}/analyses`.' + IDEMPOTENCY_DOC, ), summary: 'Lanza un análisis ahora (gasta créditos)', params: v1IdParams, headers: idempotencyHeadersSchema, body: analyzeRequestSchema, answer: { status: 201, schema: v1AnalysisSchema }, refusals: [409], preHandler: [idempotent(container)] }, async (request, reply) => {
    const userId = requireUserId(request);
    const started = await analyze(container, userId, request.params.id, request.body, request.workspace?.actorId ?? null);
    const row = await apiV1Repository.analysis(db, userId, started.rankMapId);
    if (!row) throw notFound(ANALYSIS_NOT_FOUND, 'ANALYSIS_NOT_FOUND');
    return reply.status(201).send(presentAnalysis(row));
  });

  route.get('/analyses/:id/results', { ...v1Action( 'listAnalysisResults', 'Paginado por índice de punto (ascendente); nextCursor es null en la última página. rank es la posición en Google Maps (1–20) o null si el negocio no aparece; inLocalPack es rank ≤ 3. Ejemplo: `curl -H "Authorization: Bearer rmk_…" "https://app.rankmaps.es/api/v1/analyses/{id}/results?limit=100"`', ), summary: 'Los puntos de la cuadrícula de un análisis', params: v1IdParams, querystring: pageQuerySchema, answer: { schema: v1ResultPageSchema } }, async (request) => {
    const after = afterIndex(request.query.cursor);
    const { limit } = request.query;
    const points = (await analysisPoints(container, requireUserId(request), request.params.id)).filter((p) => p.pointIndex > after);
    const data = points.slice(0, limit);
    const last = data.at(-1);
    return { data, nextCursor: points.length > limit && last ? String(last.pointIndex) : null };
  });

  route.get('/analyses/:id/compare/:otherId', { ...v1Action( 'compareAnalyses', 'Las métricas de ambos, el movimiento de cada punto y los competidores; 400 RANKMAP_NOT_COMPLETED si alguno no está completado.', ), summary: 'Compara dos análisis completados de la misma keyword', params: v1CompareParams, answer: { schema: compareResponseSchema } }, async (request) => compareAnalyses(container, requireUserId(request), request.params.id, request.params.otherId));

  route.get('/analyses/:id/csv', { ...v1Action( 'exportAnalysisCsv', 'El mismo CSV que descarga la aplicación. 409 si el análisis no ha terminado. Ejemplo: `curl -H "Authorization: Bearer rmk_…" -o puntos.csv https://app.rankmaps.es/api/v1/analyses/{id}/csv`', ), summary: 'Los resultados por punto en CSV (separado por «;»)', params: v1IdParams, answer: { download: 'text/csv', description: 'El CSV de los puntos (UTF-8, separado por «;»), como adjunto.' }, refusals: [409] }, async (request, reply) => {
    const file = await exportPoints(container, requireUserId(request), request.params.id);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'no-store')
      .send(file.content);
  });

  route.get('/analyses/:id/heatmap.png', { ...v1Action( 'getAnalysisHeatmapPng', 'El mapa de calor del análisis como imagen PNG (≤ 200 KB): las casillas con la posición en cada punto, con la misma escala de colores que la aplicación, el centro marcado, la leyenda, las cifras principales y la etiqueta de los datos simulados. 400 RANKMAP_NOT_COMPLETED si no está completado. Ejemplo: `curl -H "Authorization: Bearer rmk_…" -o mapa.png https://app.rankmaps.es/api/v1/analyses/{id}/heatmap.png`', ), summary: 'El mapa de calor de un análisis, en PNG', params: v1IdParams, answer: { download: 'image/png', description: 'El mapa de calor en PNG.' } }, async (request, reply) => {
    const image = await heatMapImage(container, requireUserId(request), request.params.id);
    return reply
      .header('content-type', 'image/png')
      .header('content-disposition', `inline; filename="${image.filename}"`)
      .header('cache-control', 'private, max-age=300')
      .send(image.png);
  });
};
