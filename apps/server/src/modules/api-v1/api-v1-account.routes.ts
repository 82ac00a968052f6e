import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { campaignIdParamsSchema, campaignRequestSchema, campaignSchema } from '@rankmaps/shared/schemas/campaigns';
import { creditForecastResponseSchema } from '@rankmaps/shared/schemas/credit-forecast';
import {
  createShareLinkBodySchema,
  createdShareLinkSchema,
  shareLinkListQuerySchema,
  shareLinkSchema,
} from '@rankmaps/shared/schemas/share-links';
import { portfolioQuerySchema, portfolioResponseSchema } from '@rankmaps/shared/schemas/workspace';
import { requireUserId } from '../../plugins/auth';
import { routeKit } from '../../plugins/route-kit';
import { createCampaign, listCampaigns, setCampaignRunning } from '../campaigns/campaigns.service';
import { getPortfolio } from '../portfolio/portfolio.service';
import { wholeWorkspace } from '../workspaces/scope';
import { creditForecast } from '../rankmaps/credit-forecast.service';
import { createShareLink, listShareLinks } from '../reports/share-links.service';
import { IDEMPOTENCY_DOC, idempotencyHeadersSchema, tags, v1Action } from './api-v1-route-kit';
import { page } from './api-v1.schemas';
import { decodeCursor, pageOfAll, pageQuerySchema } from './cursor';
import { idempotent } from './idempotency';

// The account's schedule (campaigns), share links, portfolio and credit forecast through
// /api/v1 (docs/api.md), by the services the SPA uses. Lists are pages like every v1 list
// ({ data, nextCursor }, newest first), cut from the service's full list.

export const apiV1AccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { container } = app;
  const route = routeKit(app, { tags });

  route.get('/campaigns', { ...v1Action('listCampaigns', 'Paginado: más recientes primero. Incluye el escaneo semanal de cada negocio.'), summary: 'Las campañas (análisis programados)', querystring: pageQuerySchema, answer: { schema: page(campaignSchema) } }, async (request) => {
    const cursor = decodeCursor(request.query.cursor);
    const { campaigns } = await listCampaigns(container, wholeWorkspace(requireUserId(request)));
    const { items, nextCursor } = pageOfAll(campaigns, cursor, request.query.limit);
    return { data: items, nextCursor };
  });

  route.post('/campaigns', { ...v1Action( 'createCampaign', `El mismo cuerpo que la aplicación (keywords, frecuencia, hora…). Cada ronda gasta créditos cuando corre.${IDEMPOTENCY_DOC}`, ), summary: 'Crea una campaña (análisis programados)', headers: idempotencyHeadersSchema, body: campaignRequestSchema, answer: { status: 201, schema: campaignSchema }, refusals: [404, 409], preHandler: [idempotent(container)] }, async (request, reply) => reply.status(201).send(await createCampaign(container, requireUserId(request), request.body)));

  for (const [action, running] of [
    ['pause', false],
    ['resume', true],
  ] as const) {
    route.post(`/campaigns/:id/${action}`, { ...v1Action(running ? 'resumeCampaign' : 'pauseCampaign', 'Idempotente por naturaleza: repetirla deja la campaña igual.'), summary: running ? 'Reanuda una campaña' : 'Pausa una campaña', params: campaignIdParamsSchema, answer: { schema: campaignSchema } }, async (request) => setCampaignRunning(container, requireUserId(request), request.params.id, running));
  }

  route.get('/share-links', { ...v1Action('listShareLinks', 'Paginado: más recientes primero. scope (analysis, keyword o place) y targetId del informe.'), summary: 'Los enlaces públicos de un informe', querystring: shareLinkListQuerySchema.extend(pageQuerySchema.shape), answer: { schema: page(shareLinkSchema) }, refusals: [404] }, async (request) => {
    const cursor = decodeCursor(request.query.cursor);
    const links = await listShareLinks(container, requireUserId(request), request.query.scope, request.query.targetId);
    const { items, nextCursor } = pageOfAll(links, cursor, request.query.limit);
    return { data: items, nextCursor };
  });

  route.post('/share-links', { ...v1Action( 'createShareLink', `El cuerpo de la aplicación: { scope, targetId, expiresInDays (30, 90 o null), embedOrigins? }. La URL solo se muestra en esta respuesta.${IDEMPOTENCY_DOC}`, ), summary: 'Crea un enlace público a un informe', headers: idempotencyHeadersSchema, body: createShareLinkBodySchema, answer: { status: 201, schema: createdShareLinkSchema }, refusals: [404, 409], preHandler: [idempotent(container)] }, async (request, reply) => reply.status(201).send(await createShareLink(container, requireUserId(request), request.body)));

  route.get('/portfolio', { ...v1Action('getPortfolio', 'Paginada por página (page, limit) como en la aplicación, con sus filtros y orden.'), summary: 'La cartera: cada keyword con sus últimas cifras', querystring: portfolioQuerySchema, answer: { schema: portfolioResponseSchema }, refusals: [404] }, async (request) => getPortfolio(container, wholeWorkspace(requireUserId(request)), request.query));

  route.get('/credits/forecast', { ...v1Action( 'getCreditForecast', 'Lo que gastarán las campañas y escaneos semanales programados en los próximos 30 días, y si el saldo alcanza.', ), summary: 'Previsión de créditos de los próximos 30 días', answer: { schema: creditForecastResponseSchema } }, async (request) => creditForecast(container, wholeWorkspace(requireUserId(request))));
};
