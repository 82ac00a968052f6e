import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { placeIdParamsSchema } from '@rankmaps/shared/schemas/places';
import { keywordIdParamsSchema, rankMapIdParamsSchema } from '@rankmaps/shared/schemas/rankmaps';
import { reportSchema } from '@rankmaps/shared/schemas/report';
import { requireWorkspace } from '../../plugins/auth';
import { access, routeKit } from '../../plugins/route-kit';
import { buildAnalysisReport, buildKeywordReport, buildPlaceReport } from './report-builder.service';
import { type ReportPdfFile, reportPdfFor } from './report-pdf.service';

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
  const workspaceId = (request: FastifyRequest) => requireWorkspace(request).id;
  const route = routeKit(app, { tags: ['informes'] });

  route.get('/reports/analysis/:id', { operationId: 'getAnalysisReport', summary: 'Informe de un análisis completado', access: access.workspace('data.read'), params: rankMapIdParamsSchema, answer: { schema: reportSchema } }, async (request) => buildAnalysisReport(container, workspaceId(request), request.params.id));

  route.get('/reports/keyword/:keywordId', { operationId: 'getKeywordReport', summary: 'Informe de una keyword: su último análisis y su historial', access: access.workspace('data.read'), params: keywordIdParamsSchema, answer: { schema: reportSchema } }, async (request) => buildKeywordReport(container, workspaceId(request), request.params.keywordId));

  route.get('/reports/place/:id', { operationId: 'getMyPlaceReport', summary: 'Informe de un negocio: un resumen y una sección por keyword', access: access.workspace('data.read'), params: placeIdParamsSchema, answer: { schema: reportSchema } }, async (request) => buildPlaceReport(container, workspaceId(request), request.params.id));

  // The same reports as a PDF (docs/reports.md, "PDF"): drawn on the server, signed with the owner's brand.
  const pdf = { download: 'application/pdf', description: 'El informe en PDF, como adjunto.' } as const;

  route.get('/reports/analysis/:id/pdf', { operationId: 'getAnalysisReportPdf', summary: 'Informe de un análisis en PDF', access: access.workspace('data.read'), params: rankMapIdParamsSchema, answer: pdf }, async (request, reply) => sendPdf(reply, await reportPdfFor(container, workspaceId(request), 'analysis', request.params.id)));

  route.get('/reports/keyword/:keywordId/pdf', { operationId: 'getKeywordReportPdf', summary: 'Informe de una keyword en PDF', access: access.workspace('data.read'), params: keywordIdParamsSchema, answer: pdf }, async (request, reply) => sendPdf(reply, await reportPdfFor(container, workspaceId(request), 'keyword', request.params.keywordId)));

  route.get('/reports/place/:id/pdf', { operationId: 'getPlaceReportPdf', summary: 'Informe de un negocio en PDF', access: access.workspace('data.read'), params: placeIdParamsSchema, answer: pdf }, async (request, reply) => sendPdf(reply, await reportPdfFor(container, workspaceId(request), 'place', request.params.id)));
};
