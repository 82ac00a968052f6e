import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SHARE_SCOPES, SHARE_SCOPE_INVALID, shareLinkSchema } from '@rankmaps/shared/schemas/share-links';
import { z } from 'zod';
import type { Container } from '../container';
import { v1ResultPointSchema } from '../modules/api-v1/api-v1.schemas';
import { analysisPoints } from '../modules/rankmaps/rankmap-points.service';
import { reportPdfFor } from '../modules/reports/report-pdf.service';
import { listShareLinks } from '../modules/reports/share-links.service';
import { idField } from './mcp-inputs';
import { type McpCaller, runTool, toolDescription, toolResult } from './mcp-result';

// Results by point, the share links of a report and the report as PDF (issue 32), through the
// services of GET /api/v1/analyses/{id}/results, /api/v1/share-links and «Descargar PDF».

/** Points per call: a 25×25 grid is 625, which fits one answer. */
const POINTS_MAX = 625;

export function registerReportTools(server: McpServer, container: Container, caller: McpCaller): void {
  const { userId } = caller;

  server.registerTool(
    'get_analysis_points',
    {
      title: 'Resultados por punto / Results by point',
      description: toolDescription(
        'get_analysis_points',
        'La posición del negocio en cada punto de la cuadrícula de un análisis: fila, columna, coordenadas, rank (1–20, o null si no aparece) e inLocalPack (rank ≤ 3).',
        'The place’s position at every grid point of an analysis: row, column, coordinates, rank (1–20, or null when absent) and inLocalPack (rank ≤ 3).',
      ),
      inputSchema: { analysisId: idField('analysisId').describe('Id del análisis / analysis id') },
      outputSchema: { points: z.array(v1ResultPointSchema) },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ analysisId }) =>
      runTool(container.log, caller, 'get_analysis_points', async () => {
        const points = (await analysisPoints(container, userId, analysisId)).slice(0, POINTS_MAX);
        const found = points.filter((p) => p.rank !== null).length;
        return toolResult(`${points.length} punto(s); el negocio aparece en ${found}.`, { points });
      }),
  );

  server.registerTool(
    'list_share_links',
    {
      title: 'Enlaces de un informe / Share links of a report',
      description: toolDescription(
        'list_share_links',
        'Los enlaces públicos de un informe (de un análisis, una keyword o un negocio): creación, caducidad, estado, visitas. La URL solo se ve al crearlo (create_share_link).',
        'The public links of a report (of an analysis, a keyword or a place): created, expiry, state, visits. The URL is only shown when created (create_share_link).',
      ),
      inputSchema: {
        scope: z.enum(SHARE_SCOPES, SHARE_SCOPE_INVALID).describe('analysis | keyword | place'),
        targetId: idField('targetId').describe('Id del análisis, la keyword o el negocio / id of the analysis, keyword or place'),
      },
      outputSchema: { links: z.array(shareLinkSchema) },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ scope, targetId }) =>
      runTool(container.log, caller, 'list_share_links', async () => {
        const links = await listShareLinks(container, userId, scope, targetId);
        return toolResult(`${links.length} enlace(s).`, { links });
      }),
  );

  server.registerTool(
    'get_report_pdf',
    {
      title: 'Informe en PDF / Report as PDF',
      description: toolDescription(
        'get_report_pdf',
        'El informe en PDF (con la marca blanca de la cuenta) de un análisis completado, una keyword o un negocio, como recurso incrustado (application/pdf, base64). Para un enlace público que se puede enviar, usa create_share_link.',
        'The report as a PDF (with the account’s white label) of a completed analysis, a keyword or a place, as an embedded resource (application/pdf, base64). For a public link to send, use create_share_link.',
      ),
      inputSchema: {
        scope: z.enum(SHARE_SCOPES, SHARE_SCOPE_INVALID).describe('analysis | keyword | place'),
        targetId: idField('targetId').describe('Id del análisis, la keyword o el negocio / id of the analysis, keyword or place'),
      },
      outputSchema: { filename: z.string(), bytes: z.number().int() },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ scope, targetId }) =>
      runTool(container.log, caller, 'get_report_pdf', async () => {
        const file = await reportPdfFor(container, userId, scope, targetId);
        const structured = { filename: file.filename, bytes: file.content.length };
        return {
          content: [
            {
              type: 'text',
              text: `Informe en PDF: ${file.filename} (${Math.round(file.content.length / 1024)} KB).\n\n${JSON.stringify(structured, null, 2)}`,
            },
            {
              type: 'resource',
              resource: {
                uri: `rankmaps://report/${scope}/${targetId}.pdf`,
                mimeType: 'application/pdf',
                blob: file.content.toString('base64'),
              },
            },
          ],
          structuredContent: structured,
        };
      }),
  );
}
