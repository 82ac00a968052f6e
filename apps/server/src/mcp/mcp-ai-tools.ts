import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { creditsText } from '@rankmaps/shared/credit-value';
import {
  aiAnalysisResponseSchema,
  aiCreatedResponseSchema,
  aiPointsResponseSchema,
  aiQuoteResponseSchema,
  aiScanRequestSchema,
} from '@rankmaps/shared/schemas/ai-visibility';
import { z } from 'zod';
import type { Container } from '../container';
import { recordToolActivity } from '../modules/activity/system-activity';
import * as ai from '../modules/ai-visibility/ai-visibility.service';
import { confirmField, idField, parsedOr400 } from './mcp-inputs';
import { idempotencyKeyField, onceFor } from './mcp-idempotency';
import { type McpCaller, runTool, toolDescription, toolResult } from './mcp-result';

// AI visibility (issue 25 through MCP, issue 32): run an analysis with its quote confirmed first,
// and read one (figures with their 95 % intervals, and the answers per point), through the
// service of /api/v1/keywords/{id}/ai-visibility and /api/v1/ai-visibility/{id}.

const { dryRun: _dryRun, ...scanFields } = aiScanRequestSchema.shape;

export function registerAiTools(server: McpServer, container: Container, caller: McpCaller): void {
  const { userId } = caller;

  server.registerTool(
    'run_ai_visibility',
    {
      title: 'Analizar la visibilidad en IA / Run an AI-visibility analysis',
      description: toolDescription(
        'run_ai_visibility',
        'Pregunta a motores de IA (google-ai-mode, google-ai-overview, chatgpt, gemini-maps) por la keyword desde cada punto de una cuadrícula y mide si recomiendan el negocio. Gasta créditos. Sin confirm: true solo responde el presupuesto (llamadas, créditos, euros, saldo); con confirm: true lo lanza. idempotencyKey evita lanzarlo dos veces. Sigue su estado con get_ai_visibility.',
        'Asks AI engines (google-ai-mode, google-ai-overview, chatgpt, gemini-maps) for the keyword from every point of a grid and measures whether they recommend the place. Spends credits. Without confirm: true it only answers the quote (calls, credits, euros, balance); with confirm: true it starts it. idempotencyKey keeps it from starting twice. Follow it with get_ai_visibility.',
      ),
      inputSchema: {
        keywordId: idField('keywordId').describe('Id de la keyword / keyword id'),
        ...scanFields,
        confirm: confirmField,
        idempotencyKey: idempotencyKeyField,
      },
      outputSchema: {
        status: z.enum(['confirmation_required', 'started']),
        quote: aiQuoteResponseSchema,
        analysis: aiCreatedResponseSchema.nullable(),
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    },
    (args) =>
      runTool(container.log, caller, 'run_ai_visibility', async () => {
        const { keywordId, confirm, idempotencyKey, ...raw } = args;
        const body = parsedOr400(aiScanRequestSchema.safeParse(raw));
        const quote = await ai.scan(container, container.aiEngines, userId, keywordId, { ...body, dryRun: true }, caller.actorId);
        if (!('dryRun' in quote)) throw new Error('run_ai_visibility: a dry run started an analysis');
        if (confirm !== true)
          return toolResult(
            `Este análisis hará ${quote.totalCalls} pregunta(s) y costará ${creditsText(quote.totalCredits)} (${quote.euros} €); tienes ${quote.balance}.${quote.freeQuotaWarning ? ` ${quote.freeQuotaWarning}` : ''} No se ha gastado nada: para lanzarlo, vuelve a llamar a run_ai_visibility con confirm: true.`,
            { status: 'confirmation_required', quote, analysis: null },
          );
        return onceFor(container, caller, 'run_ai_visibility', idempotencyKey, args, async () => {
          const started = await ai.scan(container, container.aiEngines, userId, keywordId, { ...body, dryRun: false }, caller.actorId);
          if ('dryRun' in started) throw new Error('run_ai_visibility: the confirmed run answered a quote');
          await recordToolActivity(
            container,
            caller,
            'run_ai_visibility',
            { type: 'keyword', id: keywordId },
            { credits: started.creditsReserved },
          );
          return toolResult(
            `Análisis de visibilidad en IA lanzado (${creditsText(started.creditsReserved)} reservados). Consulta su estado con get_ai_visibility y aiAnalysisId ${started.id}.`,
            { status: 'started', quote, analysis: started },
          );
        });
      }),
  );

  server.registerTool(
    'get_ai_visibility',
    {
      title: 'Un análisis de visibilidad en IA / An AI-visibility analysis',
      description: toolDescription(
        'get_ai_visibility',
        'Estado, progreso y métricas de un análisis de visibilidad en IA, cada una { value, low, high } con su intervalo del 95 %, por motor y en conjunto; con points: true, también cada respuesta por punto y motor.',
        'An AI-visibility analysis’s status, progress and metrics, each { value, low, high } with its 95 % interval, per engine and overall; with points: true, also every answer per point and engine.',
      ),
      inputSchema: {
        aiAnalysisId: idField('aiAnalysisId').describe('Id del análisis de IA / AI analysis id'),
        points: z.boolean('points debe ser true o false.').optional(),
      },
      outputSchema: { analysis: aiAnalysisResponseSchema, points: aiPointsResponseSchema.nullable() },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ aiAnalysisId, points }) =>
      runTool(container.log, caller, 'get_ai_visibility', async () => {
        const analysis = await ai.getAnalysis(container, userId, aiAnalysisId);
        const answers = points ? await ai.getPoints(container, userId, aiAnalysisId) : null;
        return toolResult(
          `Análisis de IA ${analysis.status} (${analysis.progress} %).${analysis.demo ? ' Datos de demostración (simulados).' : ''}`,
          { analysis, points: answers },
        );
      }),
  );
}
