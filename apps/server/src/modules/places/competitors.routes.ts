import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { placeIdParamsSchema } from '@rankmaps/shared/schemas/places';
import { competitorParamsSchema, followCompetitorRequestSchema, followedCompetitorsResponseSchema } from '@rankmaps/shared/schemas/trend';
import { requireWorkspace } from '../../plugins/auth';
import { access, routeKit } from '../../plugins/route-kit';
import * as competitors from './competitors.service';

/** The competitors a user follows for each place (up to 5). Others' places answer 404. */
export const competitorsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { container } = app;
  const workspaceId = (request: FastifyRequest) => requireWorkspace(request).id;
  const route = routeKit(app, { tags: ['competidores seguidos'] });

  route.get('/place/:id/competitors', { operationId: 'listFollowedCompetitors', summary: 'Competidores seguidos del negocio', access: access.workspace('data.read'), params: placeIdParamsSchema, answer: { schema: followedCompetitorsResponseSchema } }, async (request) => ({ followed: await competitors.listFollowed(container, workspaceId(request), request.params.id) }));

  route.post('/place/:id/competitors', { operationId: 'followCompetitor', summary: 'Sigue a un competidor (201; 200 si ya lo seguías; 409 pasado el límite de 5)', access: access.workspace('data.write'), params: placeIdParamsSchema, body: followCompetitorRequestSchema, answer: { status: 201, also: [200], schema: followedCompetitorsResponseSchema }, refusals: [409] }, async (request, reply) => {
    const { added, followed } = await competitors.follow(container, workspaceId(request), request.params.id, request.body);
    return reply.status(added ? 201 : 200).send({ followed });
  });

  route.delete('/place/:id/competitors/:competitorId', { operationId: 'unfollowCompetitor', summary: 'Deja de seguir a un competidor', access: access.workspace('data.write'), params: competitorParamsSchema, answer: { schema: followedCompetitorsResponseSchema } }, async (request) => ({ followed: await competitors.unfollow(container, workspaceId(request), request.params.id, request.params.competitorId) }));
};
