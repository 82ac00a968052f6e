import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { creditsText } from '@rankmaps/shared/credit-value';
import { type CampaignPreview, campaignPreviewSchema, campaignRequestSchema, campaignSchema } from '@rankmaps/shared/schemas/campaigns';
import { z } from 'zod';
import type { Container } from '../container';
import { recordToolActivity } from '../modules/activity/system-activity';
import { previewCampaign } from '../modules/campaigns/campaign-forecast.service';
import { createCampaign, listCampaigns, setCampaignRunning } from '../modules/campaigns/campaigns.service';
import { confirmField, idField, parsedOr400 } from './mcp-inputs';
import { idempotencyKeyField, onceFor } from './mcp-idempotency';
import { type McpCaller, runTool, toolDescription, toolResult } from './mcp-result';

// Campaigns (scheduled analyses, issue 32): list, create with the cost confirmed first, pause
// and resume, through the services of «Campañas» and /api/v1/campaigns (docs/mcp.md «Tools»).

const { keywordIds: _ids, ...campaignFields } = campaignRequestSchema.shape;

/** A round's credits, and its AI analyses' when the campaign has AI visibility (docs/decisions.md §31.16). */
const roundCost = (preview: CampaignPreview) =>
  preview.roundAiCredits > 0 ? `${creditsText(preview.roundCredits)} de mapas más ${creditsText(preview.roundAiCredits)} de visibilidad en IA` : creditsText(preview.roundCredits);

export function registerCampaignTools(server: McpServer, container: Container, caller: McpCaller): void {
  const { userId } = caller;

  server.registerTool(
    'list_campaigns',
    {
      title: 'Campañas / Campaigns',
      description: toolDescription(
        'list_campaigns',
        'Las campañas (análisis programados) con su frecuencia, keywords, estado (activa, pausada), próxima ejecución y créditos por ronda, y su visibilidad en IA (ai, con los créditos de IA por ronda en roundAiCredits); incluye el escaneo semanal de cada negocio.',
        'The campaigns (scheduled analyses) with their frequency, keywords, state (active, paused), next run and credits per round, and their AI visibility (ai, with the AI credits per round in roundAiCredits); includes each place’s weekly scan.',
      ),
      inputSchema: {},
      outputSchema: { campaigns: z.array(campaignSchema) },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    () =>
      runTool(container.log, caller, 'list_campaigns', async () => {
        const { campaigns } = await listCampaigns(container, caller.scope);
        return toolResult(`${campaigns.length} campaña(s).`, { campaigns });
      }),
  );

  server.registerTool(
    'create_campaign',
    {
      title: 'Crear una campaña / Create a campaign',
      description: toolDescription(
        'create_campaign',
        'Crea una campaña: analiza sus keywords con la frecuencia elegida (once, daily, weekly, biweekly, monthly) a la hora dada; cada ronda gasta créditos. Con ai: { engines, gridSize, samples } cada ronda lanza también un análisis de visibilidad en IA por keyword, que reserva sus propios créditos. Sin confirm: true solo responde lo que costaría cada ronda y la previsión de créditos, sin guardar nada; con confirm: true la crea. idempotencyKey evita crearla dos veces.',
        'Creates a campaign: analyses its keywords at the chosen frequency (once, daily, weekly, biweekly, monthly) at the given hour; each round spends credits. With ai: { engines, gridSize, samples } each round also runs one AI-visibility analysis per keyword, which reserves its own credits. Without confirm: true it only answers the cost per round and the credit forecast, saving nothing; with confirm: true it creates it. idempotencyKey keeps it from being created twice.',
      ),
      inputSchema: {
        ...campaignFields,
        keywordIds: z
          .array(idField('keywordIds'), 'keywordIds debe ser una lista de ids de keyword.')
          .min(1, 'Elige al menos una keyword.')
          .max(500, 'Demasiadas keywords.')
          .describe('Ids de keyword (de list_keywords) / keyword ids'),
        confirm: confirmField,
        idempotencyKey: idempotencyKeyField,
      },
      outputSchema: {
        status: z.enum(['confirmation_required', 'created']),
        preview: campaignPreviewSchema,
        campaign: campaignSchema.nullable(),
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    },
    (args) =>
      runTool(container.log, caller, 'create_campaign', async () => {
        const { confirm, idempotencyKey, ...raw } = args;
        const fields = parsedOr400(campaignRequestSchema.safeParse(raw));
        const preview = await previewCampaign(container, caller.scope, null, fields);
        if (confirm !== true)
          return toolResult(
            `Cada ronda analizaría ${preview.roundAnalyses} keyword(s) y costaría ${roundCost(preview)}.${preview.problem ? ` ${preview.problem}` : ''} No se ha guardado nada: para crearla, vuelve a llamar a create_campaign con confirm: true.`,
            { status: 'confirmation_required', preview, campaign: null },
          );
        return onceFor(container, caller, 'create_campaign', idempotencyKey, args, async () => {
          const campaign = await createCampaign(container, userId, fields);
          await recordToolActivity(
            container,
            caller,
            'create_campaign',
            { type: 'campaign', id: campaign.id },
            { roundCredits: preview.roundCredits },
          );
          return toolResult(`Campaña «${campaign.name}» creada; cada ronda cuesta ${roundCost(preview)}.`, {
            status: 'created',
            preview,
            campaign,
          });
        });
      }),
  );

  for (const [tool, running] of [
    ['pause_campaign', false],
    ['resume_campaign', true],
  ] as const) {
    server.registerTool(
      tool,
      {
        title: running ? 'Reanudar una campaña / Resume a campaign' : 'Pausar una campaña / Pause a campaign',
        description: running
          ? toolDescription(
              tool,
              'Reanuda una campaña pausada (también tras una pausa por falta de créditos): sus rondas vuelven a gastar créditos. Repetirla la deja igual.',
              'Resumes a paused campaign (also after a pause for lack of credits): its rounds spend credits again. Repeating it leaves it as it is.',
            )
          : toolDescription(
              tool,
              'Pausa una campaña: no corre ni gasta hasta que se reanude. Repetirla la deja igual.',
              'Pauses a campaign: it neither runs nor spends until resumed. Repeating it leaves it as it is.',
            ),
        inputSchema: { campaignId: idField('campaignId').describe('Id de la campaña (de list_campaigns) / campaign id') },
        outputSchema: { campaign: campaignSchema },
        annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      },
      ({ campaignId }) =>
        runTool(container.log, caller, tool, async () => {
          const campaign = await setCampaignRunning(container, userId, campaignId, running);
          await recordToolActivity(container, caller, tool, { type: 'campaign', id: campaign.id }, {});
          return toolResult(`Campaña «${campaign.name}» ${running ? 'reanudada' : 'pausada'}.`, { campaign });
        }),
    );
  }
}
