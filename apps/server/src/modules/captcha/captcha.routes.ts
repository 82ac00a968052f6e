import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { altchaChallengeSchema } from '@rankmaps/shared/schemas/captcha';
import { errorResponseSchema } from '@rankmaps/shared/schemas/common';
import { notFound } from '../../errors';

/** GET /api/captcha/challenge: a fresh ALTCHA challenge. 404 when reCAPTCHA is the active provider. */
export const captchaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/captcha/challenge',
    { schema: { tags: ['captcha'], response: { 200: altchaChallengeSchema, 404: errorResponseSchema } } },
    async (_req, reply) => {
      const { captcha } = app.container;
      if (!captcha.createChallenge) throw notFound();
      // Every challenge is single-use: no cache may hand the same one to two visitors.
      reply.header('cache-control', 'no-store');
      return captcha.createChallenge();
    },
  );
};
