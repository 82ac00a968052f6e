import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@rankmaps/shared/schemas/common';
import { gbpDailyQuerySchema, gbpDailyResponseSchema, gbpKeywordsQuerySchema, gbpKeywordsResponseSchema, gbpLocationsResponseSchema } from '@rankmaps/shared/schemas/gbp';
import { requireUserId } from '../../plugins/auth';
import type { GbpDeps } from './gbp.deps';
import { dailyMetrics, listLocations, searchKeywords } from './gbp-stats.service';

// GBP_NOT_CONNECTED and GBP_REAUTH_REQUIRED answer 409; Google failing answers 502.
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 409: errorResponseSchema, 502: errorResponseSchema };
const security = [{ bearer: [] }];
const tags = ['google business profile'];

/** The GBP reads (docs/product.md §7). */
export const gbpStatsRoutes: FastifyPluginAsyncZod<{ deps: GbpDeps }> = async (app, { deps }) => {
  app.get(
    '/gbp/locations',
    { onRequest: app.authenticate, schema: { tags, security, summary: 'Cuentas y ubicaciones de Google Business Profile', response: { 200: gbpLocationsResponseSchema, ...errors } } },
    async (request) => listLocations(deps, requireUserId(request)),
  );

  app.get(
    '/gbp/performance/daily',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Serie diaria de VIEWS, SEARCHES o ACTIONS de una ubicación',
        querystring: gbpDailyQuerySchema,
        response: { 200: gbpDailyResponseSchema, ...errors, 404: errorResponseSchema },
      },
    },
    async (request) => dailyMetrics(deps, requireUserId(request), request.query),
  );

  app.get(
    '/gbp/performance/keywords',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Keywords de búsqueda del último mes completo',
        querystring: gbpKeywordsQuerySchema,
        response: { 200: gbpKeywordsResponseSchema, ...errors, 404: errorResponseSchema },
      },
    },
    async (request) => searchKeywords(deps, requireUserId(request), request.query.locationId),
  );
};
