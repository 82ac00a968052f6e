import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { errorResponseSchema } from '@rankmaps/shared/schemas/common';
import { csvFileSchema } from '@rankmaps/shared/schemas/exports';
import { keywordIdParamsSchema, rankMapIdParamsSchema } from '@rankmaps/shared/schemas/rankmaps';
import { trendResponseSchema } from '@rankmaps/shared/schemas/trend';
import { compareParamsSchema, compareResponseSchema } from '@rankmaps/shared/schemas/compare';
import { requireUserId } from '../../plugins/auth';
import { type CsvFile, exportCompetitors, exportPoints } from './rankmap-export.service';
import { getTrend } from './rankmap-trend.service';
import { comparisonJson } from './rankmap-compare.service';
import { sendAnswer } from './rankmap-answer';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const security = [{ bearer: [] }];
const tags = ['análisis'];

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
  const userId = requireUserId;

  app.get(
    '/rankmap/keyword/:keywordId/trend',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Evolución del GeoRank y la posición media, con los competidores seguidos',
        params: keywordIdParamsSchema,
        response: { 200: trendResponseSchema, ...errors },
      },
    },
    async (request) => getTrend(container, userId(request), request.params.keywordId),
  );

  app.get(
    '/rankmap/:id/compare/:otherId',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Compara un análisis con otro de la misma keyword: métricas, movimiento de cada punto y competidores',
        params: compareParamsSchema,
        response: { 200: compareResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      // Already validated JSON (see comparisonJson): sent as it is, compressed by @fastify/compress like any answer.
      sendAnswer(reply, { body: await comparisonJson(container, userId(request), request.params.id, request.params.otherId), encoding: null }),
  );

  const csvRoute = { produces: ['text/csv', 'application/json'], params: rankMapIdParamsSchema, response: { 200: csvFileSchema, ...errors, 409: errorResponseSchema } };

  app.get(
    '/rankmap/:id/export/points.csv',
    { onRequest: app.authenticate, schema: { tags, security, summary: 'Descarga los resultados por punto (CSV con «;»)', ...csvRoute } },
    async (request, reply) => sendCsv(reply, await exportPoints(container, userId(request), request.params.id)),
  );

  app.get(
    '/rankmap/:id/export/competitors.csv',
    { onRequest: app.authenticate, schema: { tags, security, summary: 'Descarga la tabla de competidores (CSV con «;»)', ...csvRoute } },
    async (request, reply) => sendCsv(reply, await exportCompetitors(container, userId(request), request.params.id)),
  );
};
