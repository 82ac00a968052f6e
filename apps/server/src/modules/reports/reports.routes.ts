import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@rankmaps/shared/schemas/common';
import { placeIdParamsSchema } from '@rankmaps/shared/schemas/places';
import { keywordIdParamsSchema, rankMapIdParamsSchema } from '@rankmaps/shared/schemas/rankmaps';
import { reportSchema } from '@rankmaps/shared/schemas/report';
import { requireUserId } from '../../plugins/auth';
import { buildAnalysisReport, buildKeywordReport, buildPlaceReport } from './report-builder.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const security = [{ bearer: [] }];
const tags = ['informes'];

/** The owner's preview of a client report (docs/reports.md, "Builder"): the document the share page and the PDF render. Others' ids answer 404. */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { container } = app;
  const userId = requireUserId;

  app.get(
    '/reports/analysis/:id',
    { onRequest: app.authenticate, schema: { tags, security, summary: 'Informe de un análisis completado', params: rankMapIdParamsSchema, response: { 200: reportSchema, ...errors } } },
    async (request) => buildAnalysisReport(container, userId(request), request.params.id),
  );

  app.get(
    '/reports/keyword/:keywordId',
    { onRequest: app.authenticate, schema: { tags, security, summary: 'Informe de una keyword: su último análisis y su historial', params: keywordIdParamsSchema, response: { 200: reportSchema, ...errors } } },
    async (request) => buildKeywordReport(container, userId(request), request.params.keywordId),
  );

  app.get(
    '/reports/place/:id',
    { onRequest: app.authenticate, schema: { tags, security, summary: 'Informe de un negocio: un resumen y una sección por keyword', params: placeIdParamsSchema, response: { 200: reportSchema, ...errors } } },
    async (request) => buildPlaceReport(container, userId(request), request.params.id),
  );
};
