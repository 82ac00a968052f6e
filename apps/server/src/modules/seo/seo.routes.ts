import type { FastifyPluginAsync } from 'fastify';
import { buildRobots, buildSitemap } from './seo.service';

// Served at the site root, not under /api. These exact routes win over the SPA's history
// fallback (GET /*). Do not also put robots.txt in apps/web/public: @fastify/static would
// declare the same route and the server would refuse to start.
export const seoRoutes: FastifyPluginAsync = async (app) => {
  const { appUrl } = app.container.config;
  const sitemap = buildSitemap(appUrl);
  const robots = buildRobots(appUrl);

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_req, reply) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(sitemap),
  );
  app.get('/robots.txt', { schema: { hide: true } }, async (_req, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots),
  );
};
