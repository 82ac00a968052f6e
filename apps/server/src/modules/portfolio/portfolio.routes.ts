import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@rankmaps/shared/schemas/common';
import { portfolioQuerySchema, portfolioResponseSchema } from '@rankmaps/shared/schemas/workspace';
import { requireUserId } from '../../plugins/auth';
import { getPortfolio } from './portfolio.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** GET /api/portfolio (docs/decisions.md §25.1): every place × keyword of the user, paged, searched, filtered and sorted. */
export const portfolioRoutes: FastifyPluginAsyncZod = async (app) => {
  const { container } = app;
  app.get(
    '/portfolio',
    {
      onRequest: app.authenticate,
      schema: { tags: ['cartera'], security: [{ bearer: [] }], summary: 'La cartera: cada keyword de cada negocio con sus últimas cifras', querystring: portfolioQuerySchema, response: { 200: portfolioResponseSchema, ...errors } },
    },
    async (request) => getPortfolio(container, requireUserId(request), request.query),
  );
};
