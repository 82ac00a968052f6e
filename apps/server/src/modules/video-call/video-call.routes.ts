import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, messageResponseSchema } from '@rankmaps/shared/schemas/common';
import {
  operatorVideoBookingListSchema,
  operatorVideoBookingSchema,
  videoBookingListSchema,
  videoBookingParamsSchema,
  videoBookingRequestSchema,
  videoBookingSchema,
  videoMoveRequestSchema,
  videoSlotsResponseSchema,
} from '@rankmaps/shared/schemas/video-call';
import type { Config } from '../../config';
import { requireUserId } from '../../plugins/auth';
import { requireOperator } from '../operator/operator.service';
import { TOO_MANY_REQUESTS } from '../rate-limits/policy';
import { type SharedRateLimit, limitPerUser } from '../rate-limits/shared-rate-limit';
import {
  bookVideoCall,
  cancelBookingAsOperator,
  cancelMyBooking,
  freeSlotsAt,
  listFreeSlots,
  listMyBookings,
  listTeamBookings,
  moveBookingAsOperator,
  moveMyBooking,
} from './video-call.service';

/**
 * Each booking, move and cancellation e-mails the support team: per account, a person's handful
 * in 15 minutes (the ticket form's budget, RATE_LIMIT_AUTH_MAX), counted in the database.
 */
const videoCallWrites = (config: Config): SharedRateLimit => ({ name: 'video-call', max: config.rateLimit.authMax, windowSeconds: 15 * 60, message: TOO_MANY_REQUESTS });

const e = errorResponseSchema;

/**
 * Video calls with the support team (docs/support.md «Videollamada»). The user's routes are for
 * plans with live support (others: 403 naming the plan that has it); the operator's, under
 * /api/operator, for the operator role (anyone else: 404, as for the inbox).
 */
export const videoCallRoutes: FastifyPluginAsyncZod = async (app) => {
  const user = { tags: ['soporte'], security: [{ bearer: [] }] };
  const writes = [app.authenticate, limitPerUser(app, videoCallWrites(app.container.config))];

  app.get(
    '/general/support/video/slots',
    {
      onRequest: [app.authenticate],
      schema: { ...user, summary: 'Horas libres para una videollamada con soporte (próximos 14 días)', response: { 200: videoSlotsResponseSchema, 401: e, 403: e } },
    },
    async (request) => listFreeSlots(app.container, requireUserId(request)),
  );

  app.get(
    '/general/support/video/bookings',
    {
      onRequest: [app.authenticate],
      schema: { ...user, summary: 'Las videollamadas reservadas del usuario que aún no han terminado (en cualquier plan)', response: { 200: videoBookingListSchema, 401: e } },
    },
    async (request) => listMyBookings(app.container, requireUserId(request)),
  );

  app.post(
    '/general/support/video/bookings',
    {
      onRequest: writes,
      schema: {
        ...user,
        summary: 'Reserva una videollamada en una hora libre; el usuario y el equipo reciben la invitación (.ics) por email',
        body: videoBookingRequestSchema,
        response: { 201: videoBookingSchema, 400: e, 401: e, 403: e, 429: e },
      },
    },
    async (request, reply) => reply.status(201).send(await bookVideoCall(app.container, requireUserId(request), request.body)),
  );

  app.put(
    '/general/support/video/bookings/:id',
    {
      onRequest: writes,
      schema: {
        ...user,
        summary: 'Cambia una videollamada propia a otra hora libre',
        params: videoBookingParamsSchema,
        body: videoMoveRequestSchema,
        response: { 200: videoBookingSchema, 400: e, 401: e, 403: e, 404: e, 429: e },
      },
    },
    async (request) => moveMyBooking(app.container, requireUserId(request), request.params.id, request.body.start),
  );

  app.delete(
    '/general/support/video/bookings/:id',
    {
      onRequest: writes,
      schema: { ...user, summary: 'Cancela una videollamada propia (en cualquier plan)', params: videoBookingParamsSchema, response: { 200: messageResponseSchema, 400: e, 401: e, 404: e, 429: e } },
    },
    async (request) => cancelMyBooking(app.container, requireUserId(request), request.params.id),
  );

  const operator = { tags: ['operador'], security: [{ bearer: [] }] };
  const asOperator = [app.authenticate, requireOperator(app.container)];

  app.get(
    '/operator/video-bookings',
    {
      onRequest: asOperator,
      schema: { ...operator, summary: 'Las próximas videollamadas de todos los clientes, la más cercana primero', response: { 200: operatorVideoBookingListSchema, 401: e, 404: e } },
    },
    async () => listTeamBookings(app.container),
  );

  app.get(
    '/operator/video-slots',
    {
      onRequest: asOperator,
      schema: { ...operator, summary: 'Horas libres del calendario de soporte, para cambiar una videollamada', response: { 200: videoSlotsResponseSchema, 401: e, 404: e } },
    },
    async () => freeSlotsAt(app.container),
  );

  app.put(
    '/operator/video-bookings/:id',
    {
      onRequest: asOperator,
      schema: {
        ...operator,
        summary: 'Cambia una videollamada a otra hora libre; el cliente y el equipo reciben la invitación actualizada',
        params: videoBookingParamsSchema,
        body: videoMoveRequestSchema,
        response: { 200: operatorVideoBookingSchema, 400: e, 401: e, 404: e },
      },
    },
    async (request) => moveBookingAsOperator(app.container, request.params.id, request.body.start),
  );

  app.delete(
    '/operator/video-bookings/:id',
    {
      onRequest: asOperator,
      schema: { ...operator, summary: 'Cancela una videollamada; el cliente y el equipo reciben la cancelación', params: videoBookingParamsSchema, response: { 200: messageResponseSchema, 400: e, 401: e, 404: e } },
    },
    async (request) => cancelBookingAsOperator(app.container, request.params.id),
  );
};
