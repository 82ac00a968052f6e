import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createGbpDeps } from './gbp.deps';
import { gbpConnectRoutes } from './gbp-connect.routes';
import { gbpStatsRoutes } from './gbp-stats.routes';

/** Google Business Profile: connecting (under /auth/google) and the statistics (under /gbp). */
export const gbpRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = await createGbpDeps(app.container);
  await app.register(gbpConnectRoutes, { deps });
  await app.register(gbpStatsRoutes, { deps });
};
