import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activePlaceRequestSchema, activePlaceResponseSchema, createPlaceRequestSchema, createPlaceResponseSchema, placeAutocompleteQuerySchema, placeAutocompleteResponseSchema, placeDetailsQuerySchema, locateQuerySchema, locateResponseSchema, marketRequestSchema, placePreviewSchema, placeIdParamsSchema, placeListResponseSchema, placeQuerySchema, placeSchema, scheduleRequestSchema, updateMatrixRequestSchema, weeklyAiQuoteRequestSchema, weeklyAiQuoteSchema } from '@rankmaps/shared/schemas/places';
import { messageResponseSchema } from '@rankmaps/shared/schemas/common';
import { requireWorkspace } from '../../plugins/auth';
import { scopeOf } from '../workspaces/scope';
import { access, routeKit } from '../../plugins/route-kit';
import { requirePaidPlan } from '../billing/plan-access.service';
import * as places from './places.service';

/**
 * The user's businesses (docs/product.md §7, /place calls). Only the owner reaches a place; others' ids
 * answer 404. Searching for a business is a paid plan's too: with Google configured each
 * search, look-up and details call is billed to us, and only a paid plan can add the result.
 */
export const placesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { container } = app;
  const workspaceId = (request: FastifyRequest) => requireWorkspace(request).id;
  const route = routeKit(app, { tags: ['negocios'] });

  route.get('/places/autocomplete', { operationId: 'autocompletePlaces', summary: 'Busca negocios por nombre', access: access.workspace('data.write'), querystring: placeAutocompleteQuerySchema, answer: { schema: placeAutocompleteResponseSchema }, refusals: [403, 502] }, async (request) => {
    await requirePaidPlan(container, workspaceId(request));
    return { suggestions: await places.autocomplete(container, request.query.input, request.query.sessionToken) };
  });

  route.get('/places/locate', { operationId: 'locatePlace', summary: 'Busca una ciudad o dirección para centrar una zona de servicio', access: access.workspace('data.write'), querystring: locateQuerySchema, answer: { schema: locateResponseSchema }, refusals: [403, 502] }, async (request) => {
    await requirePaidPlan(container, workspaceId(request));
    return { results: await places.locate(container, request.query.input) };
  });

  route.get('/places/details', { operationId: 'previewPlace', summary: 'Datos de un negocio antes de añadirlo', access: access.workspace('data.write'), querystring: placeDetailsQuerySchema, answer: { schema: placePreviewSchema }, refusals: [403, 404, 502] }, async (request) => {
    await requirePaidPlan(container, workspaceId(request));
    return places.previewPlace(container, request.query.placeId, request.query.sessionToken);
  });

  route.get('/place', { operationId: 'listMyPlaces', summary: 'Lista los negocios del usuario', access: access.workspace('data.read'), answer: { schema: placeListResponseSchema } }, async (request) => places.listPlaces(container, scopeOf(request)));

  route.post('/place', { operationId: 'createPlace', summary: 'Añade un negocio', access: access.workspace('data.write'), body: createPlaceRequestSchema, answer: { status: 201, schema: createPlaceResponseSchema }, refusals: [403, 404, 409, 502] }, async (request, reply) => {
    // A Miembro's new business goes to one of their clients, or they could not see it once made:
    // the first assigned one when they name none (docs/decisions.md §30.6).
    const { clientIds } = scopeOf(request);
    const body = clientIds !== null && !request.body.clientId && clientIds[0] ? { ...request.body, clientId: clientIds[0] } : request.body;
    return reply.status(201).send(await places.createPlace(container, workspaceId(request), body));
  });

  route.put('/place/active-place', { operationId: 'setActivePlace', summary: 'Elige el negocio activo', access: access.workspace('data.read'), body: activePlaceRequestSchema, answer: { schema: activePlaceResponseSchema }, refusals: [404] }, async (request) => places.setActivePlace(container, workspaceId(request), request.body.placeId));

  route.get('/place/:id', { operationId: 'getMyPlace', summary: 'Un negocio', access: access.workspace('data.read'), params: placeIdParamsSchema, querystring: placeQuerySchema, answer: { schema: placeSchema } }, async (request) => places.getPlace(container, workspaceId(request), request.params.id, request.query.withKeywords === 'true'));

  route.delete('/place/:id', { operationId: 'deletePlace', summary: 'Borra un negocio', access: access.workspace('data.write'), params: placeIdParamsSchema, answer: { schema: messageResponseSchema } }, async (request) => {
    await places.deletePlace(container, workspaceId(request), request.params.id);
    return { message: 'Lugar eliminado.' };
  });

  route.put('/place/:id/refresh', { operationId: 'refreshPlace', summary: 'Sincroniza el negocio con Google', access: access.workspace('data.write'), params: placeIdParamsSchema, answer: { schema: placeSchema }, refusals: [502] }, async (request) => places.refreshPlace(container, workspaceId(request), request.params.id));

  route.put('/place/:id/matrix', { operationId: 'updatePlaceGrid', summary: 'Cambia la cuadrícula del negocio', access: access.workspace('data.write'), params: placeIdParamsSchema, body: updateMatrixRequestSchema, answer: { schema: placeSchema }, refusals: [403] }, async (request) => places.updateMatrix(container, workspaceId(request), request.params.id, request.body));

  route.put('/place/:id/market', { operationId: 'updatePlaceMarket', summary: 'País e idioma en que se busca el negocio', access: access.workspace('data.write'), params: placeIdParamsSchema, body: marketRequestSchema, answer: { schema: placeSchema } }, async (request) => places.updateMarket(container, workspaceId(request), request.params.id, request.body));

  route.put('/place/:id/schedule', { operationId: 'updatePlaceSchedule', summary: 'Día y hora del escaneo semanal', description: 'Cuerpo: { rankDay, rankHour, ai? } o { weeklyScans }. ai es la visibilidad en IA de cada ronda ({ engines, gridSize, samples }, como una campaña), null la apaga y sin ai se queda como está; encenderla necesita un plan profesional (403).', access: access.workspace('data.write'), params: placeIdParamsSchema, body: scheduleRequestSchema, answer: { schema: placeSchema }, refusals: [403] }, async (request) => places.updateSchedule(container, workspaceId(request), request.params.id, request.body));

  // Nothing is stored: the schedule modal's quote (docs/decisions.md §31.16).
  route.post('/place/:id/schedule/ai-quote', { operationId: 'quotePlaceWeeklyAi', summary: 'Créditos de la visibilidad en IA en cada ronda del escaneo semanal', description: 'Cuerpo: { ai: { engines, gridSize, samples } }. Responde las keywords del negocio, los créditos de un análisis de IA y los de la ronda entera, con su valor en euros. No guarda nada. Solo planes profesionales (403).', access: access.workspace('data.write'), params: placeIdParamsSchema, body: weeklyAiQuoteRequestSchema, answer: { schema: weeklyAiQuoteSchema }, refusals: [403] }, async (request) => places.quoteWeeklyAi(container, workspaceId(request), request.params.id, request.body.ai));
};
