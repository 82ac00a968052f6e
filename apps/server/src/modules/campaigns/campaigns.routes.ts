import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, messageResponseSchema } from '@rankmaps/shared/schemas/common';
import {
  campaignDetailSchema,
  campaignForecastSchema,
  campaignIdParamsSchema,
  campaignListSchema,
  campaignPreviewRequestSchema,
  campaignPreviewSchema,
  campaignRequestSchema,
  campaignSchema,
} from '@rankmaps/shared/schemas/campaigns';
import { requireUserId } from '../../plugins/auth';
import { campaignForecast, previewCampaign } from './campaign-forecast.service';
import * as campaigns from './campaigns.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const security = [{ bearer: [] }];
const tags = ['campañas'];

/** Campaigns and the 30-day forecast (docs/decisions.md §25.3 and docs/decisions.md §25.4). Only the owner reaches a campaign; others' ids answer 404. */
export const campaignsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { container } = app;
  const userId = requireUserId;

  app.get(
    '/campaigns',
    { onRequest: app.authenticate, schema: { tags, security, summary: 'Lista las campañas (también el escaneo semanal de cada negocio)', response: { 200: campaignListSchema, ...errors } } },
    async (request) => campaigns.listCampaigns(container, userId(request)),
  );

  app.get(
    '/campaigns/forecast',
    { onRequest: app.authenticate, schema: { tags, security, summary: 'Créditos que usará el trabajo programado de los próximos 30 días', response: { 200: campaignForecastSchema, ...errors } } },
    async (request) => campaignForecast(container, userId(request)),
  );

  app.post(
    '/campaigns/preview',
    {
      onRequest: app.authenticate,
      schema: { tags, security, summary: 'Qué cambiaría al guardar una campaña: coste, duración y previsión', body: campaignPreviewRequestSchema, response: { 200: campaignPreviewSchema, ...errors } },
    },
    async (request) => previewCampaign(container, userId(request), request.body.id, request.body.campaign),
  );

  app.post(
    '/campaigns',
    { onRequest: app.authenticate, schema: { tags, security, summary: 'Crea una campaña', body: campaignRequestSchema, response: { 201: campaignSchema, ...errors, 409: errorResponseSchema } } },
    async (request, reply) => reply.status(201).send(await campaigns.createCampaign(container, userId(request), request.body)),
  );

  app.get(
    '/campaigns/:id',
    { onRequest: app.authenticate, schema: { tags, security, summary: 'Una campaña con su historial de rondas', params: campaignIdParamsSchema, response: { 200: campaignDetailSchema, ...errors } } },
    async (request) => campaigns.getCampaign(container, userId(request), request.params.id),
  );

  app.put(
    '/campaigns/:id',
    {
      onRequest: app.authenticate,
      schema: { tags, security, summary: 'Cambia una campaña', params: campaignIdParamsSchema, body: campaignRequestSchema, response: { 200: campaignSchema, ...errors, 409: errorResponseSchema } },
    },
    async (request) => campaigns.updateCampaign(container, userId(request), request.params.id, request.body),
  );

  app.post(
    '/campaigns/:id/pause',
    { onRequest: app.authenticate, schema: { tags, security, summary: 'Pausa una campaña', params: campaignIdParamsSchema, response: { 200: campaignSchema, ...errors } } },
    async (request) => campaigns.setCampaignRunning(container, userId(request), request.params.id, false),
  );

  app.post(
    '/campaigns/:id/resume',
    { onRequest: app.authenticate, schema: { tags, security, summary: 'Reanuda una campaña pausada', params: campaignIdParamsSchema, response: { 200: campaignSchema, ...errors } } },
    async (request) => campaigns.setCampaignRunning(container, userId(request), request.params.id, true),
  );

  app.delete(
    '/campaigns/:id',
    { onRequest: app.authenticate, schema: { tags, security, summary: 'Borra una campaña (sus análisis se quedan)', params: campaignIdParamsSchema, response: { 200: messageResponseSchema, ...errors } } },
    async (request) => {
      await campaigns.deleteCampaign(container, userId(request), request.params.id);
      return { message: 'Campaña eliminada. Sus análisis siguen en el historial de cada keyword.' };
    },
  );
};
