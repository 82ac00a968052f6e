import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireWorkspace } from '../../plugins/auth';
import { access, routeKit } from '../../plugins/route-kit';
import { createCreditWarnings } from './credit-warnings.service';

/**
 * Runs the hourly credit-warnings job now, for the signed-in user only, so a journey (e2e) or a
 * developer sees its warnings without waiting for the hour (docs/decisions.md §23.4). It exists
 * only with developer tools on; in production the path is a plain 404.
 */
export const creditWarningsDevRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.container.config.devTools) return;
  const route = routeKit(app, { tags: ['desarrollo'] });

  // Development only: not part of the API reference.
  route.post('/dev/credit-warnings', { operationId: 'runCreditWarnings', summary: 'Ejecuta ahora los avisos de créditos del usuario (solo con herramientas de desarrollo)', access: access.workspace('billing.read'), answer: { schema: z.object({ created: z.number().int() }) }, hide: true }, async (request) => ({ created: await createCreditWarnings(app.container, new Date(), requireWorkspace(request).id) }));
};
