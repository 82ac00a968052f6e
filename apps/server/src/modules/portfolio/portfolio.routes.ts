import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { portfolioQuerySchema, portfolioResponseSchema } from '@rankmaps/shared/schemas/workspace';
import { scopeOf } from '../workspaces/scope';
import { access, routeKit } from '../../plugins/route-kit';
import { getPortfolio } from './portfolio.service';

/** GET /api/portfolio (docs/decisions.md §25.1): every place × keyword of the user, paged, searched, filtered and sorted. */
export const portfolioRoutes: FastifyPluginAsyncZod = async (app) => {
  const { container } = app;
  // The client to filter by is not the user's.
  routeKit(app, { tags: ['cartera'] }).get('/portfolio', { operationId: 'getMyPortfolio', summary: 'La cartera: cada keyword de cada negocio con sus últimas cifras', description: 'Paginada (page, limit), con búsqueda, filtros y orden. clientId filtra por uno de tus clientes (none: los negocios sin cliente); uno que no es tuyo → 404.', access: access.workspace('data.read'), querystring: portfolioQuerySchema, answer: { schema: portfolioResponseSchema }, refusals: [404] }, async (request) => getPortfolio(container, scopeOf(request), request.query));
};
