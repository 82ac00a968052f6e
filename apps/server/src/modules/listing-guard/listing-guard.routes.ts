import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { placeIdParamsSchema } from '@rankmaps/shared/schemas/places';
import { listingChangeSchema, listingChangesQuerySchema, listingChangesResponseSchema, reviewPaceResponseSchema } from '@rankmaps/shared/schemas/review-pace';
import { requireWorkspace } from '../../plugins/auth';
import { access, routeKit } from '../../plugins/route-kit';
import { simulateListingEdit } from './listing-demo.service';
import { listListingChanges } from './listing-guard.service';
import { getReviewPace } from './review-pace.service';

/** A place's review pace and the changes its scans saw in its listing (docs/decisions.md §32). Others' places answer 404. */
export const listingGuardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { container } = app;
  const workspaceId = (request: FastifyRequest) => requireWorkspace(request).id;
  const route = routeKit(app, { tags: ['reseñas y ficha'] });

  route.get('/place/:id/review-pace', { operationId: 'getReviewPace', summary: 'Ritmo de reseñas del negocio y de sus competidores seguidos', description: 'Una fila por negocio (el tuyo primero): valoración y número de reseñas por día con análisis completado del último año, reseñas al mes en los últimos 90 días (null: sin datos suficientes), distancia al líder y meses para alcanzarlo a este ritmo.', access: access.workspace('data.read'), params: placeIdParamsSchema, answer: { schema: reviewPaceResponseSchema } }, async (request) => getReviewPace(container, workspaceId(request), request.params.id));

  await app.register(listingDemoDevRoutes);

  route.get('/place/:id/listing-changes', { operationId: 'listListingChanges', summary: 'Cambios en la ficha del negocio', description: 'Los cambios de nombre, categoría principal o dirección que vieron los análisis en los resultados de búsqueda (source: search), del más reciente al más antiguo, paginados por cursor.', access: access.workspace('data.read'), params: placeIdParamsSchema, querystring: listingChangesQuerySchema, answer: { schema: listingChangesResponseSchema } }, async (request) => listListingChanges(container, workspaceId(request), request.params.id, request.query));
};

/** The simulated Google edit, only with developer tools on; in production the path is a plain 404. */
export const listingDemoDevRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.container.config.devTools) return;
  routeKit(app, { tags: ['desarrollo'] }).post('/dev/listing-edit/:id', { operationId: 'simulateListingEdit', summary: 'Simula que Google cambia la categoría principal del negocio (solo con herramientas de desarrollo, demo)', description: 'La categoría que vio el último análisis de demostración pasa a su alternativa («Clínica dental» ↔ «Dentista»), como la simulación hace una semana de cada seis; se registra como cambio de ese análisis y se avisa como cualquier cambio en la ficha. 409 sin un análisis de demostración.', access: access.workspace('scan.run'), params: placeIdParamsSchema, answer: { status: 201, schema: listingChangeSchema }, refusals: [409] }, async (request, reply) => reply.status(201).send(await simulateListingEdit(app.container, requireWorkspace(request).id, request.params.id)));
};
