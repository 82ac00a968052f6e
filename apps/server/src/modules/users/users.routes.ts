import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@rankmaps/shared/schemas/common';
import { profileSchema } from '@rankmaps/shared/schemas/profile';
import { requireUserId } from '../../plugins/auth';
import { getProfile } from './users.service';

/** The signed-in user's own data under /api/user. */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/profile',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['usuario'],
        summary: 'Perfil del usuario que ha iniciado sesión',
        security: [{ bearer: [] }],
        response: { 200: profileSchema, 401: errorResponseSchema },
      },
    },
    async (request) => getProfile(app.container, requireUserId(request)),
  );
};
