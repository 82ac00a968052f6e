import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { csvFileSchema } from '@rankmaps/shared/schemas/exports';
import { keywordIdParamsSchema, rankMapIdParamsSchema } from '@rankmaps/shared/schemas/rankmaps';
import { trendResponseSchema } from '@rankmaps/shared/schemas/trend';
import { compareParamsSchema, compareResponseSchema } from '@rankmaps/shared/schemas/compare';
import { requireWorkspace } from '../../plugins/auth';
import { access, routeKit } from '../../plugins/route-kit';
import { type CsvFile, exportCompetitors, exportPoints } from './rankmap-export.service';
import { getTrend } from './rankmap-trend.service';
import { comparisonJson } from './rankmap-compare.service';
import { sendAnswer } from './rankmap-answer';

/** A download: the file name is ASCII (exportFilename), so it needs no encoding in the header. */
function sendCsv(reply: FastifyReply, file: CsvFile) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .send(file.content);
}

/** What is built from completed analyses: a keyword's trend, the comparison of two analyses and the CSV downloads. Owner only; others' ids answer 404. */
export const rankmapReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { container } = app;
  const workspaceId = (request: FastifyRequest) => requireWorkspace(request).id;
  const route = routeKit(app, { tags: ['análisis'] });

  route.get('/rankmap/keyword/:keywordId/trend', { operationId: 'getKeywordTrend', summary: 'Evolución del GeoRank y la posición media, con los competidores seguidos', access: access.workspace('data.read'), params: keywordIdParamsSchema, answer: { schema: trendResponseSchema } }, async (request) => getTrend(container, workspaceId(request), request.params.keywordId));

  route.get('/rankmap/:id/compare/:otherId', { operationId: 'compareMyAnalyses', summary: 'Compara un análisis con otro de la misma keyword: métricas, movimiento de cada punto y competidores', description: 'Los dos análisis tienen que estar completados (400 si no) y ser de la misma keyword (404 si no).', access: access.workspace('data.read'), params: compareParamsSchema, answer: { schema: compareResponseSchema } }, async (request, reply) =>
    // Already validated JSON (see comparisonJson): sent as it is, compressed by @fastify/compress like any answer.
    sendAnswer(reply, { body: await comparisonJson(container, workspaceId(request), request.params.id, request.params.otherId), encoding: null }));

  const csv = { description: 'Solo de un análisis completado: 409 si falló o aún no ha terminado.', access: access.workspace('data.read'), params: rankMapIdParamsSchema, refusals: [409] } as const;
  const format = csvFileSchema.description ?? 'CSV';

  route.get('/rankmap/:id/export/points.csv', { operationId: 'exportAnalysisPointsCsv', summary: 'Descarga los resultados por punto (CSV con «;»)', ...csv, answer: { download: 'text/csv', description: `Los resultados de cada punto de la cuadrícula: ${format}.` } }, async (request, reply) => sendCsv(reply, await exportPoints(container, workspaceId(request), request.params.id)));

  route.get('/rankmap/:id/export/competitors.csv', { operationId: 'exportAnalysisCompetitorsCsv', summary: 'Descarga la tabla de competidores (CSV con «;»)', ...csv, answer: { download: 'text/csv', description: `Los competidores del análisis: ${format}.` } }, async (request, reply) => sendCsv(reply, await exportCompetitors(container, workspaceId(request), request.params.id)));
};
