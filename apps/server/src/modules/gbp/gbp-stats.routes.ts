import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gbpDailyQuerySchema, gbpDailyResponseSchema, gbpKeywordsQuerySchema, gbpKeywordsResponseSchema, gbpLocationsResponseSchema } from '@rankmaps/shared/schemas/gbp';
import { requireWorkspace } from '../../plugins/auth';
import { access, routeKit } from '../../plugins/route-kit';
import type { GbpDeps } from './gbp.deps';
import { dailyMetrics, listLocations, searchKeywords } from './gbp-stats.service';

/** The GBP reads (docs/product.md §7). GBP_NOT_CONNECTED and GBP_REAUTH_REQUIRED answer 409; Google failing answers 502. */
export const gbpStatsRoutes: FastifyPluginAsyncZod<{ deps: GbpDeps }> = async (app, { deps }) => {
  const route = routeKit(app, { tags: ['google business profile'] });

  route.get('/gbp/locations', { operationId: 'listGbpLocations', summary: 'Cuentas y ubicaciones de Google Business Profile', access: access.workspace('integrations.manage'), answer: { schema: gbpLocationsResponseSchema }, refusals: [409, 502] }, async (request) => listLocations(deps, requireWorkspace(request).id));

  // 404: a location outside the user's connection.
  route.get('/gbp/performance/daily', { operationId: 'getGbpDailyMetrics', summary: 'Serie diaria de VIEWS, SEARCHES o ACTIONS de una ubicación', access: access.workspace('integrations.manage'), querystring: gbpDailyQuerySchema, answer: { schema: gbpDailyResponseSchema }, refusals: [404, 409, 502] }, async (request) => dailyMetrics(deps, requireWorkspace(request).id, request.query));

  route.get('/gbp/performance/keywords', { operationId: 'listGbpSearchKeywords', summary: 'Keywords de búsqueda del último mes completo', access: access.workspace('integrations.manage'), querystring: gbpKeywordsQuerySchema, answer: { schema: gbpKeywordsResponseSchema }, refusals: [404, 409, 502] }, async (request) => searchKeywords(deps, requireWorkspace(request).id, request.query.locationId));
};
