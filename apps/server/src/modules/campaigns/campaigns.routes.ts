import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageResponseSchema } from '@rankmaps/shared/schemas/common';
import { CAMPAIGNS_MAX, campaignDetailSchema, campaignForecastSchema, campaignIdParamsSchema, campaignListSchema, campaignPreviewRequestSchema, campaignPreviewSchema, campaignRequestSchema, campaignSchema } from '@rankmaps/shared/schemas/campaigns';
import { requireWorkspace } from '../../plugins/auth';
import { scopeOf } from '../workspaces/scope';
import { access, routeKit } from '../../plugins/route-kit';
import { campaignForecast, previewCampaign } from './campaign-forecast.service';
import { runCampaignRoundNow } from './campaign-scheduler.service';
import * as campaigns from './campaigns.service';

/**
 * Campaigns and the 30-day forecast (docs/decisions.md §25.3 and docs/decisions.md §25.4). Only the owner reaches a campaign; others' ids answer 404.
 * Creating, changing, previewing and resuming need a professional plan (403); a place's weekly scan is edited on its card (400).
 */
export const campaignsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { container } = app;
  const workspaceId = (request: FastifyRequest) => requireWorkspace(request).id;
  const route = routeKit(app, { tags: ['campañas'] });

  route.get('/campaigns', { operationId: 'listMyCampaigns', summary: 'Lista las campañas (también el escaneo semanal de cada negocio)', access: access.workspace('data.read'), answer: { schema: campaignListSchema } }, async (request) => campaigns.listCampaigns(container, scopeOf(request)));

  route.get('/campaigns/forecast', { operationId: 'getCampaignForecast', summary: 'Créditos que usará el trabajo programado de los próximos 30 días', access: access.workspace('billing.read'), answer: { schema: campaignForecastSchema } }, async (request) => campaignForecast(container, scopeOf(request)));

  // 404: the campaign being edited, or one of its keywords, is not the user's.
  route.post('/campaigns/preview', { operationId: 'previewCampaign', summary: 'Qué cambiaría al guardar una campaña: coste, duración y previsión', description: 'No guarda nada. id es la campaña que se edita, o null para una nueva. Solo planes profesionales.', access: access.workspace('data.write'), body: campaignPreviewRequestSchema, answer: { schema: campaignPreviewSchema }, refusals: [403, 404] }, async (request) => previewCampaign(container, scopeOf(request), request.body.id, request.body.campaign));

  // 404: a keyword that is not the user's; 409: a campaign with that name already exists.
  route.post('/campaigns', { operationId: 'createMyCampaign', summary: 'Crea una campaña', description: `Solo planes profesionales; como mucho ${CAMPAIGNS_MAX} campañas. Un nombre que ya tiene otra campaña → 409.`, access: access.workspace('data.write'), body: campaignRequestSchema, answer: { status: 201, schema: campaignSchema }, refusals: [403, 404, 409] }, async (request, reply) => reply.status(201).send(await campaigns.createCampaign(container, workspaceId(request), request.body)));

  route.get('/campaigns/:id', { operationId: 'getMyCampaign', summary: 'Una campaña con su historial de rondas', access: access.workspace('data.read'), params: campaignIdParamsSchema, answer: { schema: campaignDetailSchema } }, async (request) => campaigns.getCampaign(container, workspaceId(request), request.params.id));

  route.put('/campaigns/:id', { operationId: 'updateMyCampaign', summary: 'Cambia una campaña', description: 'Solo planes profesionales. Un nombre que ya tiene otra campaña → 409. El escaneo semanal de un negocio se cambia desde su tarjeta, no aquí (→ 400).', access: access.workspace('data.write'), params: campaignIdParamsSchema, body: campaignRequestSchema, answer: { schema: campaignSchema }, refusals: [403, 409] }, async (request) => campaigns.updateCampaign(container, workspaceId(request), request.params.id, request.body));

  route.post('/campaigns/:id/pause', { operationId: 'pauseMyCampaign', summary: 'Pausa una campaña', description: 'El escaneo semanal de un negocio se cambia desde su tarjeta, no aquí (→ 400).', access: access.workspace('data.write'), params: campaignIdParamsSchema, answer: { schema: campaignSchema } }, async (request) => campaigns.setCampaignRunning(container, workspaceId(request), request.params.id, false));

  route.post('/campaigns/:id/resume', { operationId: 'resumeMyCampaign', summary: 'Reanuda una campaña pausada', description: 'También tras una pausa por falta de créditos. Solo planes profesionales. El escaneo semanal de un negocio se cambia desde su tarjeta, no aquí (→ 400).', access: access.workspace('data.write'), params: campaignIdParamsSchema, answer: { schema: campaignSchema }, refusals: [403] }, async (request) => campaigns.setCampaignRunning(container, workspaceId(request), request.params.id, true));

  route.delete('/campaigns/:id', { operationId: 'deleteMyCampaign', summary: 'Borra una campaña (sus análisis se quedan)', description: 'El escaneo semanal de un negocio se cambia desde su tarjeta, no aquí (→ 400).', access: access.workspace('data.write'), params: campaignIdParamsSchema, answer: { schema: messageResponseSchema } }, async (request) => {
    await campaigns.deleteCampaign(container, workspaceId(request), request.params.id);
    return { message: 'Campaña eliminada. Sus análisis siguen en el historial de cada keyword.' };
  });

  // Developer tools only (docs/decisions.md §29.8): a round now, so a journey (e2e) or a developer sees it, its AI analyses included, without waiting for its slot.
  if (container.config.devTools) {
    route.post('/dev/campaign-round/:id', { operationId: 'runCampaignRoundNow', summary: 'Ejecuta ahora una ronda de la campaña (solo con herramientas de desarrollo)', description: 'También el escaneo semanal de un negocio. Pone en cola sus análisis, y los de IA si la campaña la tiene, como una ronda programada, con una franja propia.', access: access.workspace('scan.run'), params: campaignIdParamsSchema, answer: { schema: z.object({ analyses: z.number().int() }) }, hide: true }, async (request) => {
      const campaign = await campaigns.ownedCampaignOr404(container, workspaceId(request), request.params.id);
      return { analyses: await runCampaignRoundNow(container, campaign) };
    });
  }
};
