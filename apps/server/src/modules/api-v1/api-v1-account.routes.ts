import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { campaignIdParamsSchema, campaignListSchema, campaignRequestSchema, campaignSchema } from '@rankmaps/shared/schemas/campaigns';
import { creditForecastResponseSchema } from '@rankmaps/shared/schemas/credit-forecast';
import { createShareLinkBodySchema, createdShareLinkSchema, shareLinkListQuerySchema, shareLinkListSchema } from '@rankmaps/shared/schemas/share-links';
import { portfolioQuerySchema, portfolioResponseSchema } from '@rankmaps/shared/schemas/workspace';
import { requireUserId } from '../../plugins/auth';
import { createCampaign, listCampaigns, setCampaignRunning } from '../campaigns/campaigns.service';
import { getPortfolio } from '../portfolio/portfolio.service';
import { creditForecast } from '../rankmaps/credit-forecast.service';
import { createShareLink, listShareLinks } from '../reports/share-links.service';
import { requireScope } from './api-key-auth';
import { IDEMPOTENCY_DOC, errors, read, security, tags, withNotFound, writeErrors } from './api-v1-route-kit';
import { idempotent } from './idempotency';

// The account's schedule (campaigns), share links, portfolio and credit forecast through
// /api/v1 (docs/api.md), by the services the SPA uses, with their own answers.

export const apiV1AccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { container } = app;
  const write = (summary: string, description: string) => ({ tags, security, summary, description: `Permiso scans (el permiso de escritura de la clave). ${description}` });

  app.get(
    '/campaigns',
    { ...read, schema: { tags, security, summary: 'Las campañas (análisis programados)', description: 'Permiso read. Incluye el escaneo semanal de cada negocio.', response: { 200: campaignListSchema, ...errors } } },
    async (request) => listCampaigns(container, requireUserId(request)),
  );

  app.post(
    '/campaigns',
    {
      preHandler: [requireScope('scans'), idempotent(container)],
      schema: {
        ...write('Crea una campaña (análisis programados)', `El mismo cuerpo que la aplicación (keywords, frecuencia, hora…). Cada ronda gasta créditos cuando corre.${IDEMPOTENCY_DOC}`),
        body: campaignRequestSchema,
        response: { 201: campaignSchema, ...writeErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await createCampaign(container, requireUserId(request), request.body)),
  );

  for (const [action, running] of [['pause', false], ['resume', true]] as const) {
    app.post(
      `/campaigns/:id/${action}`,
      {
        preHandler: requireScope('scans'),
        schema: { ...write(running ? 'Reanuda una campaña' : 'Pausa una campaña', 'Idempotente por naturaleza: repetirla deja la campaña igual.'), params: campaignIdParamsSchema, response: { 200: campaignSchema, ...withNotFound } },
      },
      async (request) => setCampaignRunning(container, requireUserId(request), request.params.id, running),
    );
  }

  app.get(
    '/share-links',
    {
      ...read,
      schema: { tags, security, summary: 'Los enlaces públicos de un informe', description: 'Permiso read. scope (analysis, keyword o place) y targetId del informe.', querystring: shareLinkListQuerySchema, response: { 200: shareLinkListSchema, ...withNotFound } },
    },
    async (request) => ({ links: await listShareLinks(container, requireUserId(request), request.query.scope, request.query.targetId) }),
  );

  app.post(
    '/share-links',
    {
      preHandler: [requireScope('scans'), idempotent(container)],
      schema: {
        ...write('Crea un enlace público a un informe', `El cuerpo de la aplicación: { scope, targetId, expiresInDays (30, 90 o null), embedOrigins? }. La URL solo se muestra en esta respuesta.${IDEMPOTENCY_DOC}`),
        body: createShareLinkBodySchema,
        response: { 201: createdShareLinkSchema, ...writeErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await createShareLink(container, requireUserId(request), request.body)),
  );

  app.get(
    '/portfolio',
    {
      ...read,
      schema: { tags, security, summary: 'La cartera: cada keyword con sus últimas cifras', description: 'Permiso read. Paginada por página (page, limit) como en la aplicación, con sus filtros y orden.', querystring: portfolioQuerySchema, response: { 200: portfolioResponseSchema, ...withNotFound } },
    },
    async (request) => getPortfolio(container, requireUserId(request), request.query),
  );

  app.get(
    '/credits/forecast',
    {
      ...read,
      schema: { tags, security, summary: 'Previsión de créditos de los próximos 30 días', description: 'Permiso read. Lo que gastarán las campañas y escaneos semanales programados, y si el saldo alcanza.', response: { 200: creditForecastResponseSchema, ...errors } },
    },
    async (request) => creditForecast(container, requireUserId(request)),
  );
};
