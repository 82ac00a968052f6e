import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { altchaChallengeSchema } from '@rankmaps/shared/schemas/captcha';
import { notFound } from '../../errors';
import { access, routeKit } from '../../plugins/route-kit';

/** GET /api/captcha/challenge: a fresh ALTCHA challenge. 404 when reCAPTCHA is the active provider. */
export const captchaRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeKit(app, { tags: ['captcha'] });

  route.get('/captcha/challenge', { operationId: 'createCaptchaChallenge', summary: 'Un reto ALTCHA nuevo, de un solo uso', description: '404 cuando el captcha activo es reCAPTCHA.', access: access.public, answer: { schema: altchaChallengeSchema }, refusals: [404] }, async (_request, reply) => {
    const { captcha } = app.container;
    if (!captcha.createChallenge) throw notFound();
    // Every challenge is single-use: no cache may hand the same one to two visitors.
    reply.header('cache-control', 'no-store');
    return captcha.createChallenge();
  });
};
