import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@rankmaps/shared/schemas/common';
import { requireUserId } from '../../plugins/auth';
import { createCreditWarnings } from './credit-warnings.service';

/**
 * Runs the hourly credit-warnings job now, for the signed-in user only, so a journey (e2e) or a
 * developer sees its warnings without waiting for the hour (docs/decisions.md §23.4). It exists
 * only with developer tools on; in production the path is a plain 404.
 */
export const creditWarningsDevRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.container.config.devTools) return;
  app.post(
    '/dev/credit-warnings',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['desarrollo'],
        security: [{ bearer: [] }],
        summary: 'Ejecuta ahora los avisos de créditos del usuario (solo con herramientas de desarrollo)',
        response: { 200: z.object({ created: z.number().int() }), 401: errorResponseSchema },
      },
    },
    async (request) => ({ created: await createCreditWarnings(app.container, new Date(), requireUserId(request)) }),
  );
};
