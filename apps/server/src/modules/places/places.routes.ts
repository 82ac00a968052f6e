import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@rankmaps/shared/schemas/common';
import {
  activePlaceRequestSchema,
  activePlaceResponseSchema,
  createPlaceRequestSchema,
  createPlaceResponseSchema,
  placeAutocompleteQuerySchema,
  placeAutocompleteResponseSchema,
  placeDetailsQuerySchema,
  locateQuerySchema,
  locateResponseSchema,
  marketRequestSchema,
  placePreviewSchema,
  placeIdParamsSchema,
  placeListResponseSchema,
  placeQuerySchema,
  placeSchema,
  scheduleRequestSchema,
  updateMatrixRequestSchema,
} from '@rankmaps/shared/schemas/places';
import { z } from 'zod';
import { requireUserId } from '../../plugins/auth';
import { requirePaidPlan } from '../billing/plan-access.service';
import * as places from './places.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const security = [{ bearer: [] }];
const tags = ['negocios'];

/**
 * The user's businesses (docs/product.md §7, /place calls). Only the owner reaches a place; others' ids
 * answer 404. Searching for a business is a paid plan's too: with Google configured each
 * search, look-up and details call is billed to us, and only a paid plan can add the result.
 */
export const placesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { container } = app;
  const userId = requireUserId;

  app.get(
    '/places/autocomplete',
    {
      onRequest: app.authenticate,
      schema: { tags, security, summary: 'Busca negocios por nombre', querystring: placeAutocompleteQuerySchema, response: { 200: placeAutocompleteResponseSchema, ...errors, 502: errorResponseSchema } },
    },
    async (request) => {
      await requirePaidPlan(container, userId(request));
      return { suggestions: await places.autocomplete(container, request.query.input, request.query.sessionToken) };
    },
  );

  app.get(
    '/places/locate',
    {
      onRequest: app.authenticate,
      schema: { tags, security, summary: 'Busca una ciudad o dirección para centrar una zona de servicio', querystring: locateQuerySchema, response: { 200: locateResponseSchema, ...errors, 502: errorResponseSchema } },
    },
    async (request) => {
      await requirePaidPlan(container, userId(request));
      return { results: await places.locate(container, request.query.input) };
    },
  );

  app.get(
    '/places/details',
    {
      onRequest: app.authenticate,
      schema: { tags, security, summary: 'Datos de un negocio antes de añadirlo', querystring: placeDetailsQuerySchema, response: { 200: placePreviewSchema, ...errors, 502: errorResponseSchema } },
    },
    async (request) => {
      await requirePaidPlan(container, userId(request));
      return places.previewPlace(container, request.query.placeId, request.query.sessionToken);
    },
  );

  app.get(
    '/place',
    { onRequest: app.authenticate, schema: { tags, security, summary: 'Lista los negocios del usuario', response: { 200: placeListResponseSchema, ...errors } } },
    async (request) => places.listPlaces(container, userId(request)),
  );

  app.post(
    '/place',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Añade un negocio',
        body: createPlaceRequestSchema,
        response: { 201: createPlaceResponseSchema, ...errors, 409: errorResponseSchema, 502: errorResponseSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await places.createPlace(container, userId(request), request.body)),
  );

  app.put(
    '/place/active-place',
    { onRequest: app.authenticate, schema: { tags, security, summary: 'Elige el negocio activo', body: activePlaceRequestSchema, response: { 200: activePlaceResponseSchema, ...errors } } },
    async (request) => places.setActivePlace(container, userId(request), request.body.placeId),
  );

  app.get(
    '/place/:id',
    { onRequest: app.authenticate, schema: { tags, security, summary: 'Un negocio', params: placeIdParamsSchema, querystring: placeQuerySchema, response: { 200: placeSchema, ...errors } } },
    async (request) => places.getPlace(container, userId(request), request.params.id, request.query.withKeywords === 'true'),
  );

  app.delete(
    '/place/:id',
    { onRequest: app.authenticate, schema: { tags, security, summary: 'Borra un negocio', params: placeIdParamsSchema, response: { 200: z.object({ message: z.string() }), ...errors } } },
    async (request) => {
      await places.deletePlace(container, userId(request), request.params.id);
      return { message: 'Lugar eliminado.' };
    },
  );

  app.put(
    '/place/:id/refresh',
    { onRequest: app.authenticate, schema: { tags, security, summary: 'Sincroniza el negocio con Google', params: placeIdParamsSchema, response: { 200: placeSchema, ...errors, 502: errorResponseSchema } } },
    async (request) => places.refreshPlace(container, userId(request), request.params.id),
  );

  app.put(
    '/place/:id/matrix',
    { onRequest: app.authenticate, schema: { tags, security, summary: 'Cambia la cuadrícula del negocio', params: placeIdParamsSchema, body: updateMatrixRequestSchema, response: { 200: placeSchema, ...errors } } },
    async (request) => places.updateMatrix(container, userId(request), request.params.id, request.body),
  );

  app.put(
    '/place/:id/market',
    {
      onRequest: app.authenticate,
      schema: { tags, security, summary: 'País e idioma en que se busca el negocio', params: placeIdParamsSchema, body: marketRequestSchema, response: { 200: placeSchema, ...errors } },
    },
    async (request) => places.updateMarket(container, userId(request), request.params.id, request.body),
  );

  app.put(
    '/place/:id/schedule',
    { onRequest: app.authenticate, schema: { tags, security, summary: 'Día y hora del escaneo semanal', params: placeIdParamsSchema, body: scheduleRequestSchema, response: { 200: placeSchema, ...errors } } },
    async (request) => places.updateSchedule(container, userId(request), request.params.id, request.body),
  );
};
