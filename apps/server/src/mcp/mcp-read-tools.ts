import { creditsText } from '@rankmaps/shared/credit-value';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CAMPAIGN_FORECAST_DAYS } from '@rankmaps/shared/schemas/campaigns';
import { creditForecastResponseSchema } from '@rankmaps/shared/schemas/credit-forecast';
import { portfolioQuerySchema, portfolioResponseSchema } from '@rankmaps/shared/schemas/workspace';
import { z } from 'zod';
import type { Container } from '../container';
import { notFound } from '../errors';
import { isUuid } from '../lib/uuid';
import { presentAnalysis } from '../modules/api-v1/api-v1.presenter';
import { apiV1Repository } from '../modules/api-v1/api-v1.repository';
import { v1AnalysisSchema, v1CreditsSchema, v1KeywordSchema, v1PlaceSchema } from '../modules/api-v1/api-v1.schemas';
import { PAGE_LIMIT_DEFAULT, decodeCursor, pageOf } from '../modules/api-v1/cursor';
import { presentForecast, userForecast } from '../modules/rankmaps/credit-forecast.service';
import { getPortfolio } from '../modules/portfolio/portfolio.service';
import { getPlanState } from '../modules/billing/billing.service';
import type { McpToolName } from '../modules/api-keys/key-permissions';
import { mcpRepository } from './mcp.repository';
import { cursorField, idField, limitField } from './mcp-inputs';
import { type McpCaller, runTool, toolDescription, toolResult } from './mcp-result';

// The MCP tools that only read (permission `read` in key-permissions.ts), over the same reads and presenters as /api/v1
// (docs/mcp.md). Another user's ids are "not found", exactly like v1.

export const PLACE_NOT_FOUND = 'Negocio no encontrado.';
export const KEYWORD_NOT_FOUND = 'Keyword no encontrada.';
export const ANALYSIS_NOT_FOUND = 'Análisis no encontrado.';

const readOnly = { readOnlyHint: true, openWorldHint: false } as const;

export function registerReadTools(server: McpServer, container: Container, caller: McpCaller): void {
  const db = container.database.db;
  const { userId } = caller;
  const read = (tool: McpToolName, work: () => Promise<ReturnType<typeof toolResult>>) => runTool(container.log, caller, tool, work);

  server.registerTool(
    'list_places',
    {
      title: 'Negocios / Places',
      description: toolDescription(
        'list_places',
        'Lista los negocios (fichas de Google) de la cuenta, los más recientes primero, paginados con cursor.',
        'Lists the account’s places (Google Business listings), newest first, cursor-paginated.',
      ),
      inputSchema: { cursor: cursorField, limit: limitField },
      outputSchema: { places: z.array(v1PlaceSchema), nextCursor: z.string().nullable() },
      annotations: readOnly,
    },
    ({ cursor, limit = PAGE_LIMIT_DEFAULT }) =>
      read('list_places', async () => {
        const { items, nextCursor } = pageOf(await apiV1Repository.places(db, userId, decodeCursor(cursor), limit, caller.scope), limit);
        const places = items.map((p) => ({ ...p, createdAt: p.createdAt.toISOString() }));
        const more = nextCursor ? ' Hay más: pasa nextCursor como cursor.' : '';
        return toolResult(`${places.length} negocio(s).${more}`, { places, nextCursor });
      }),
  );

  server.registerTool(
    'list_keywords',
    {
      title: 'Keywords de un negocio / Keywords of a place',
      description: toolDescription(
        'list_keywords',
        'Lista las keywords (búsquedas que se analizan) de un negocio, por su id (de list_places).',
        'Lists the keywords (searches that get analysed) of a place, by its id (from list_places).',
      ),
      inputSchema: { placeId: idField('placeId').describe('Id del negocio / place id') },
      outputSchema: { keywords: z.array(v1KeywordSchema) },
      annotations: readOnly,
    },
    ({ placeId }) =>
      read('list_keywords', async () => {
        if (!isUuid(placeId) || !(await apiV1Repository.ownsPlace(db, userId, placeId))) throw notFound(PLACE_NOT_FOUND, 'PLACE_NOT_FOUND');
        const keywords = (await apiV1Repository.keywordsOf(db, userId, placeId)).map((k) => ({ ...k, createdAt: k.createdAt.toISOString() }));
        return toolResult(`${keywords.length} keyword(s) de este negocio.`, { keywords });
      }),
  );

  server.registerTool(
    'get_latest_analysis',
    {
      title: 'Último análisis de una keyword / Latest analysis of a keyword',
      description: toolDescription(
        'get_latest_analysis',
        'El resumen del último análisis completado de una keyword: GeoRank, posición media, % en el local pack, % de puntos encontrados, índice de visibilidad. analysis es null si ninguno se ha completado.',
        'The summary of a keyword’s latest completed analysis: GeoRank, average position, local pack %, found %, visibility index. analysis is null when none has completed.',
      ),
      inputSchema: { keywordId: idField('keywordId').describe('Id de la keyword / keyword id') },
      outputSchema: { analysis: v1AnalysisSchema.nullable() },
      annotations: readOnly,
    },
    ({ keywordId }) =>
      read('get_latest_analysis', async () => {
        if (!isUuid(keywordId) || !(await apiV1Repository.ownsKeyword(db, userId, keywordId))) throw notFound(KEYWORD_NOT_FOUND, 'KEYWORD_NOT_FOUND');
        const row = await mcpRepository.latestCompleted(db, userId, keywordId);
        if (!row) return toolResult('Esta keyword aún no tiene ningún análisis completado.', { analysis: null });
        const analysis = presentAnalysis(row);
        const m = analysis.metrics;
        const line = m ? `Último análisis completado (${analysis.completedAt}): GeoRank ${m.geoRank}, posición media ${m.avgPosition ?? '—'}, local pack ${m.localPackPercentage} %.` : 'Último análisis completado.';
        return toolResult(line, { analysis });
      }),
  );

  server.registerTool(
    'get_scan_status',
    {
      title: 'Estado de un análisis / Scan status',
      description: toolDescription(
        'get_scan_status',
        'El estado de un análisis (pending, processing, completed, failed), su progreso (0–100) y, cuando termina, sus métricas. Úsalo para esperar a un análisis lanzado con run_scan.',
        'An analysis’s status (pending, processing, completed, failed), its progress (0–100) and, once complete, its metrics. Use it to wait for a scan started with run_scan.',
      ),
      inputSchema: { analysisId: idField('analysisId').describe('Id del análisis / analysis id') },
      outputSchema: { analysis: v1AnalysisSchema },
      annotations: readOnly,
    },
    ({ analysisId }) =>
      read('get_scan_status', async () => {
        const row = isUuid(analysisId) ? await apiV1Repository.analysis(db, userId, analysisId) : undefined;
        if (!row) throw notFound(ANALYSIS_NOT_FOUND, 'ANALYSIS_NOT_FOUND');
        const analysis = presentAnalysis(row);
        return toolResult(`Análisis ${analysis.status} (${analysis.progress} %).`, { analysis });
      }),
  );

  server.registerTool(
    'get_portfolio',
    {
      title: 'Cartera / Portfolio',
      description: toolDescription(
        'get_portfolio',
        'La cartera: cada negocio × keyword con su GeoRank, posición media, local pack y su cambio respecto al análisis anterior, el estado del último análisis y la próxima ejecución. Paginada (page, limit ≤ 100).',
        'The portfolio: every place × keyword with its GeoRank, average position, local pack and their change against the previous analysis, the last analysis’s state and the next run. Paged (page, limit ≤ 100).',
      ),
      inputSchema: {
        q: z.string('q debe ser un texto.').max(100, 'La búsqueda no puede superar los 100 caracteres.').optional().describe('Buscar por negocio o keyword / search by place or keyword'),
        page: z.number('page debe ser un número entero.').int('page debe ser un número entero.').min(1, 'page debe ser 1 o más.').max(10_000, 'page no es válida.').optional(),
        limit: z.number('limit debe ser un número entero entre 1 y 100.').int('limit debe ser un número entero entre 1 y 100.').min(1, 'limit debe ser un número entero entre 1 y 100.').max(100, 'limit debe ser un número entero entre 1 y 100.').optional(),
      },
      outputSchema: portfolioResponseSchema.shape,
      annotations: readOnly,
    },
    ({ q, page, limit }) =>
      read('get_portfolio', async () => {
        const portfolio = await getPortfolio(container, caller.scope, portfolioQuerySchema.parse({ q, page, limit }));
        return toolResult(`${portfolio.total} negocio(s) × keyword en la cartera; página ${portfolio.page}.`, portfolio);
      }),
  );

  server.registerTool(
    'get_credits',
    {
      title: 'Créditos y previsión / Credits and forecast',
      description: toolDescription(
        'get_credits',
        'El saldo de créditos (del plan y extra) y la previsión de 30 días: lo que costará el trabajo programado (campañas, análisis semanales y programados) y lo que faltaría.',
        'The credit balance (plan and extra) and the 30-day forecast: what the scheduled work (campaigns, weekly and scheduled analyses) will cost and any shortfall.',
      ),
      inputSchema: {},
      outputSchema: { credits: v1CreditsSchema, forecast: creditForecastResponseSchema },
      annotations: readOnly,
    },
    () =>
      read('get_credits', async () => {
        const forecastOf = await userForecast(container, userId, new Date(), CAMPAIGN_FORECAST_DAYS);
        const state = await getPlanState(container, userId);
        const credits = { subscriptionCredits: state.subscriptionCredits, extraCredits: state.extraCredits, total: state.subscriptionCredits + state.extraCredits, plan: state.currentPlan };
        const forecast = presentForecast(forecastOf);
        const short = forecast.shortfall > 0 ? ` Faltan ${forecast.shortfall}.` : '';
        return toolResult(`${creditsText(credits.total)} ${credits.total === 1 ? 'disponible' : 'disponibles'}; el trabajo programado de ${CAMPAIGN_FORECAST_DAYS} días necesita ${forecast.needed}.${short}`, { credits, forecast });
      }),
  );
}

