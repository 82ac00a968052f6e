import { creditsText } from '@rankmaps/shared/credit-value';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { competitorsComparisonSchema, metricDeltaSchema, pointsComparisonSchema } from '@rankmaps/shared/schemas/compare';
import { SHARE_EXPIRY_INVALID, SHARE_SCOPES, SHARE_SCOPE_INVALID, createdShareLinkSchema } from '@rankmaps/shared/schemas/share-links';
import { z } from 'zod';
import type { Container } from '../container';
import { badRequest } from '../errors';
import { presentAnalysis } from '../modules/api-v1/api-v1.presenter';
import { apiV1Repository } from '../modules/api-v1/api-v1.repository';
import { v1AnalysisSchema } from '../modules/api-v1/api-v1.schemas';
import { getPlanState } from '../modules/billing/billing.service';
import { compareAnalyses } from '../modules/rankmaps/rankmap-compare.service';
import { NO_VALID_POINTS, analyze, ownedKeywordOr404 } from '../modules/rankmaps/rankmaps.service';
import { gridSnapshotOf } from '../modules/rankmaps/scan/scan-snapshot.service';
import { createShareLink } from '../modules/reports/share-links.service';
import { recordToolActivity } from '../modules/activity/system-activity';
import { idField } from './mcp-inputs';
import { idempotencyKeyField, onceFor } from './mcp-idempotency';
import { type McpCaller, runTool, toolDescription, toolResult } from './mcp-result';

// The MCP tools that start, compare or make something (docs/mcp.md): run a scan (with a cost
// confirmation), compare two analyses and create a share link. Their permissions are those of
// the matching /api/v1 actions (key-permissions.ts): run_scan and create_share_link need
// `scans`, compare_analyses `read`. Each one calls the service the SPA uses, never a copy of it.

const COMPETITORS_SHOWN = 5;

const compareSide = z.object({ id: z.string(), status: z.string(), createdAt: z.string(), completedAt: z.string().nullable(), totalPoints: z.number().int() });

export function registerActionTools(server: McpServer, container: Container, caller: McpCaller): void {
  const db = container.database.db;
  const { userId } = caller;

  server.registerTool(
    'run_scan',
    {
      title: 'Lanzar un análisis / Run a scan',
      description: toolDescription(
        'run_scan',
        'Lanza ahora un análisis de una keyword sobre la cuadrícula de su negocio. Gasta créditos: 1 por punto válido. Llámalo primero sin confirmCost: no gasta nada y responde el coste; después vuelve a llamarlo con confirmCost igual a ese coste para lanzarlo. Sigue su estado con get_scan_status.',
        'Starts an analysis of a keyword now, over its place’s grid. Spends credits: 1 per valid point. Call it first without confirmCost: it spends nothing and answers the cost; then call it again with confirmCost equal to that cost to start it. Follow it with get_scan_status.',
      ),
      inputSchema: {
        keywordId: idField('keywordId').describe('Id de la keyword (de list_keywords) / keyword id (from list_keywords)'),
        confirmCost: z
          .number('confirmCost debe ser un número entero.')
          .int('confirmCost debe ser un número entero.')
          .min(0, 'confirmCost no puede ser negativo.')
          .max(1_000_000, 'confirmCost no es válido.')
          .optional()
          .describe('El coste en créditos que respondió la llamada anterior / the credit cost the previous call answered'),
        idempotencyKey: idempotencyKeyField,
      },
      outputSchema: {
        status: z.enum(['confirmation_required', 'started']),
        cost: z.number().int(),
        availableCredits: z.number().int(),
        analysis: v1AnalysisSchema.nullable(),
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    },
    ({ keywordId, confirmCost, idempotencyKey }) =>
      runTool(container.log, caller, 'run_scan', async () => {
        const { place } = await ownedKeywordOr404(container, userId, keywordId);
        // The same count analyze charges (1 credit per valid point of the grid snapshot).
        const cost = (await gridSnapshotOf(container, place)).points.length;
        if (cost === 0) throw badRequest(NO_VALID_POINTS, 'NO_VALID_POINTS');
        const plan = await getPlanState(container, userId);
        const available = plan.subscriptionCredits + plan.extraCredits;
        if (confirmCost !== cost) {
          const wrong = confirmCost === undefined ? '' : `confirmCost (${confirmCost}) no coincide con el coste. `;
          return toolResult(
            `${wrong}Este análisis costará ${creditsText(cost)} (1 por punto válido) y tienes ${available}. No se ha gastado nada: para lanzarlo, vuelve a llamar a run_scan con confirmCost: ${cost}.`,
            { status: 'confirmation_required', cost, availableCredits: available, analysis: null },
          );
        }
        // A retried confirmed call with the same idempotencyKey gets the first answer: one scan, one charge.
        return onceFor(container, caller, 'run_scan', idempotencyKey, { keywordId, confirmCost }, async () => {
          const started = await analyze(container, userId, keywordId, {}, caller.actorId);
          await recordToolActivity(container, caller, 'run_scan', { type: 'keyword', id: keywordId }, { credits: started.creditsCharged, points: started.totalPoints });
          const row = await apiV1Repository.analysis(db, userId, started.rankMapId);
          if (!row) throw new Error('run_scan: the analysis just created is missing');
          return toolResult(
            `Análisis lanzado (${creditsText(started.creditsCharged)}). Consulta su estado con get_scan_status y analysisId ${row.id}.`,
            { status: 'started', cost, availableCredits: available - started.creditsCharged, analysis: presentAnalysis(row) },
          );
        });
      }),
  );

  server.registerTool(
    'compare_analyses',
    {
      title: 'Comparar dos análisis / Compare two analyses',
      description: toolDescription(
        'compare_analyses',
        'Compara dos análisis completados de la misma keyword: el cambio de cada métrica (actual − referencia), cuántos puntos de la cuadrícula mejoran o empeoran, y los competidores que más ganan y pierden.',
        'Compares two completed analyses of the same keyword: each metric’s change (current − reference), how many grid points improved or worsened, and the competitors that gained and lost most.',
      ),
      inputSchema: {
        analysisId: idField('analysisId').describe('El análisis actual / the current analysis'),
        otherAnalysisId: idField('otherAnalysisId').describe('El análisis de referencia / the reference analysis'),
      },
      outputSchema: {
        current: compareSide,
        reference: compareSide,
        metrics: z.array(metricDeltaSchema),
        points: z.object({ sameGrid: z.boolean(), counts: pointsComparisonSchema.shape.counts }),
        competitors: competitorsComparisonSchema,
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ analysisId, otherAnalysisId }) =>
      runTool(container.log, caller, 'compare_analyses', async () => {
        const c = await compareAnalyses(container, userId, analysisId, otherAnalysisId);
        const side = (s: typeof c.current) => ({ id: s.id, status: s.status, createdAt: s.createdAt, completedAt: s.completedAt, totalPoints: s.totalPoints });
        const geo = c.metrics.find((m) => m.key === 'geoRank');
        const { improved, worsened } = c.points.counts;
        return toolResult(`GeoRank ${geo?.reference ?? '—'} → ${geo?.current ?? '—'}; ${improved} punto(s) mejoran y ${worsened} empeoran.`, {
          current: side(c.current),
          reference: side(c.reference),
          metrics: c.metrics,
          points: { sameGrid: c.points.sameGrid, counts: c.points.counts },
          competitors: { gained: c.competitors.gained.slice(0, COMPETITORS_SHOWN), lost: c.competitors.lost.slice(0, COMPETITORS_SHOWN) },
        });
      }),
  );

  server.registerTool(
    'create_share_link',
    {
      title: 'Crear un enlace para compartir / Create a share link',
      description: toolDescription(
        'create_share_link',
        'Crea un enlace público de solo lectura al informe de un análisis completado, de una keyword o de un negocio (el mismo que «Compartir» en la aplicación), que caduca a los 30 o 90 días o nunca (null). Quien tenga el enlace ve el informe.',
        'Creates a public read-only link to the report of a completed analysis, a keyword or a place (the app’s «Compartir»), expiring after 30 or 90 days or never (null). Anyone with the link sees the report.',
      ),
      inputSchema: {
        scope: z.enum(SHARE_SCOPES, SHARE_SCOPE_INVALID).describe('analysis | keyword | place'),
        targetId: idField('targetId').describe('Id del análisis, la keyword o el negocio / id of the analysis, keyword or place'),
        expiresInDays: z.union([z.literal(30), z.literal(90), z.null()], SHARE_EXPIRY_INVALID).optional().describe('30 (por defecto / default), 90 o null'),
      },
      outputSchema: { link: createdShareLinkSchema },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    ({ scope, targetId, expiresInDays }) =>
      runTool(container.log, caller, 'create_share_link', async () => {
        const link = await createShareLink(container, userId, { scope, targetId, expiresInDays: expiresInDays === undefined ? 30 : expiresInDays });
        await recordToolActivity(container, caller, 'create_share_link', { type: 'shareLink', id: link.id }, {});
        const until = link.expiresAt ? `caduca el ${link.expiresAt}` : 'no caduca';
        return toolResult(`Enlace creado (${until}): ${link.url}`, { link });
      }),
  );
}
