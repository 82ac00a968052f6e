import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { placeIdParamsSchema } from '@rankmaps/shared/schemas/places';
import { competitorParamsSchema, followCompetitorRequestSchema, followedCompetitorsResponseSchema } from '@rankmaps/shared/schemas/trend';
import { requireUserId } from '../../plugins/auth';
import { access, routeKit } from '../../plugins/route-kit';
import * as competitors from './competitors.service';

/** The competitors a user follows for each place (up to 5). Others' places answer 404. */
export const competitorsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { container } = app;
  const userId = requireUserId;
  const route = routeKit(app, { tags: ['competidores seguidos'] });
  const session = access.session;

  route.get('/place/:id/competitors', { operationId: 'listFollowedCompetitors', summary: 'Competidores seguidos del negocio', access: session, params: placeIdParamsSchema, answer: { schema: followedCompetitorsResponseSchema } }, async (request) => ({ followed: await competitors.listFollowed(container, userId(request), request.params.id) }));

  route.post('/place/:id/competitors', { operationId: 'followCompetitor', summary: 'Sigue a un competidor (201; 200 si ya lo seguías; 409 pasado el límite de 5)', access: session, params: placeIdParamsSchema, body: followCompetitorRequestSchema, answer: { status: 201, also: [200], schema: followedCompetitorsResponseSchema }, refusals: [409] }, async (request, reply) => {
    const { added, followed } = await competitors.follow(container, userId(request), request.params.id, request.body);
    return reply.status(added ? 201 : 200).send({ followed });
  });

  route.delete('/place/:id/competitors/:competitorId', { operationId: 'unfollowCompetitor', summary: 'Deja de seguir a un competidor', access: session, params: competitorParamsSchema, answer: { schema: followedCompetitorsResponseSchema } }, async (request) => ({ followed: await competitors.unfollow(container, userId(request), request.params.id, request.params.competitorId) }));
};
