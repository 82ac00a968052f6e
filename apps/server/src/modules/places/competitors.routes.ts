import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@rankmaps/shared/schemas/common';
import { placeIdParamsSchema } from '@rankmaps/shared/schemas/places';
import { competitorParamsSchema, followCompetitorRequestSchema, followedCompetitorsResponseSchema } from '@rankmaps/shared/schemas/trend';
import { requireUserId } from '../../plugins/auth';
import * as competitors from './competitors.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const security = [{ bearer: [] }];
const tags = ['competidores seguidos'];

/** The competitors a user follows for each place (up to 5). Others' places answer 404. */
export const competitorsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { container } = app;
  const userId = requireUserId;

  app.get(
    '/place/:id/competitors',
    {
      onRequest: app.authenticate,
      schema: { tags, security, summary: 'Competidores seguidos del negocio', params: placeIdParamsSchema, response: { 200: followedCompetitorsResponseSchema, ...errors } },
    },
    async (request) => ({ followed: await competitors.listFollowed(container, userId(request), request.params.id) }),
  );

  app.post(
    '/place/:id/competitors',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Sigue a un competidor (201; 200 si ya lo seguías; 409 pasado el límite de 5)',
        params: placeIdParamsSchema,
        body: followCompetitorRequestSchema,
        response: { 200: followedCompetitorsResponseSchema, 201: followedCompetitorsResponseSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { added, followed } = await competitors.follow(container, userId(request), request.params.id, request.body);
      return reply.status(added ? 201 : 200).send({ followed });
    },
  );

  app.delete(
    '/place/:id/competitors/:competitorId',
    {
      onRequest: app.authenticate,
      schema: { tags, security, summary: 'Deja de seguir a un competidor', params: competitorParamsSchema, response: { 200: followedCompetitorsResponseSchema, ...errors } },
    },
    async (request) => ({ followed: await competitors.unfollow(container, userId(request), request.params.id, request.params.competitorId) }),
  );
};
