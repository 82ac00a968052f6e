import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@rankmaps/shared/schemas/common';
import { placeIdParamsSchema } from '@rankmaps/shared/schemas/places';
import { keywordIdParamsSchema, rankMapIdParamsSchema } from '@rankmaps/shared/schemas/rankmaps';
import { reportSchema } from '@rankmaps/shared/schemas/report';
import { requireUserId } from '../../plugins/auth';
import type { FastifyReply } from 'fastify';
import { buildAnalysisReport, buildKeywordReport, buildPlaceReport } from './report-builder.service';
import { type ReportPdfFile, reportPdfFor } from './report-pdf.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const security = [{ bearer: [] }];
const tags = ['informes'];
const pdfRoute = { produces: ['application/pdf', 'application/json'], response: { ...errors } };

/** A download: the name is ASCII (reportPdfFilename), so the header needs no encoding. */
function sendPdf(reply: FastifyReply, file: ReportPdfFile) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .send(file.content);
}

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

  // The same reports as a PDF (docs/reports.md, "PDF"): drawn on the server, signed with the owner's brand.
  app.get(
    '/reports/analysis/:id/pdf',
    { onRequest: app.authenticate, schema: { tags, security, summary: 'Informe de un análisis en PDF', params: rankMapIdParamsSchema, ...pdfRoute } },
    async (request, reply) => sendPdf(reply, await reportPdfFor(container, userId(request), 'analysis', request.params.id)),
  );

  app.get(
    '/reports/keyword/:keywordId/pdf',
    { onRequest: app.authenticate, schema: { tags, security, summary: 'Informe de una keyword en PDF', params: keywordIdParamsSchema, ...pdfRoute } },
    async (request, reply) => sendPdf(reply, await reportPdfFor(container, userId(request), 'keyword', request.params.keywordId)),
  );

  app.get(
    '/reports/place/:id/pdf',
    { onRequest: app.authenticate, schema: { tags, security, summary: 'Informe de un negocio en PDF', params: placeIdParamsSchema, ...pdfRoute } },
    async (request, reply) => sendPdf(reply, await reportPdfFor(container, userId(request), 'place', request.params.id)),
  );
};
