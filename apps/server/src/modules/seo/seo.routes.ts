import type { FastifyPluginAsync } from 'fastify';
import { access, routeKit } from '../../plugins/route-kit';
import { buildRobots, buildSitemap } from './seo.service';

// Served at the site root, not under /api. These exact routes win over the SPA's history
// fallback (GET /*). Do not also put robots.txt in apps/web/public: @fastify/static would
// declare the same route and the server would refuse to start.
export const seoRoutes: FastifyPluginAsync = async (app) => {
  const { appUrl } = app.container.config;
  const sitemap = buildSitemap(appUrl);
  const robots = buildRobots(appUrl);
  const route = routeKit(app, { tags: ['sistema'] });

  route.get('/sitemap.xml', { operationId: 'getSitemap', summary: 'Mapa del sitio para los buscadores', access: access.public, answer: { download: 'application/xml', description: 'El sitemap de las páginas públicas, cacheable una hora.' } }, async (_request, reply) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(sitemap));

  route.get('/robots.txt', { operationId: 'getRobotsTxt', summary: 'Instrucciones para los rastreadores de los buscadores', access: access.public, answer: { download: 'text/plain', description: 'El robots.txt, cacheable una hora.' } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots));
};
