import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponseSchema } from '@rankmaps/shared/schemas/common';
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
import { access, routeKit } from '../../plugins/route-kit';
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
const videoCallWrites = (config: Config): SharedRateLimit => ({
  name: 'video-call',
  max: config.rateLimit.authMax,
  windowSeconds: 15 * 60,
  message: TOO_MANY_REQUESTS,
});

/**
 * Video calls with the support team (docs/support.md «Videollamada»). The user's routes are for
 * plans with live support (others: 403 naming the plan that has it); the operator's, under
 * /api/operator, for the operator role (anyone else: 404, as for the inbox).
 */
export const videoCallRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeKit(app, { tags: ['soporte'] });
  const operatorTags = ['operador'];
  // Its counter is in the database: 503 when it cannot be read.
  const writeLimit = limitPerUser(app, videoCallWrites(app.container.config));

  route.get('/general/support/video/slots', { operationId: 'listVideoCallSlots', summary: 'Horas libres para una videollamada con soporte (próximos 14 días)', description: '403 si el plan no incluye soporte en vivo: el mensaje nombra el plan que lo incluye.', access: access.session, answer: { schema: videoSlotsResponseSchema }, refusals: [403] }, async (request) => listFreeSlots(app.container, requireUserId(request)));

  route.get('/general/support/video/bookings', { operationId: 'listMyVideoCalls', summary: 'Las videollamadas reservadas del usuario que aún no han terminado (en cualquier plan)', access: access.session, answer: { schema: videoBookingListSchema } }, async (request) => listMyBookings(app.container, requireUserId(request)));

  route.post('/general/support/video/bookings', { operationId: 'bookVideoCall', summary: 'Reserva una videollamada en una hora libre; el usuario y el equipo reciben la invitación (.ics) por email', description: '400 si la hora ya no está libre, está fuera del horario o el usuario ya tiene el máximo de llamadas pendientes.', access: access.session, body: videoBookingRequestSchema, answer: { status: 201, schema: videoBookingSchema }, refusals: [403, 503], onRequest: [writeLimit] }, async (request, reply) => reply.status(201).send(await bookVideoCall(app.container, requireUserId(request), request.body)));

  route.put('/general/support/video/bookings/:id', { operationId: 'moveMyVideoCall', summary: 'Cambia una videollamada propia a otra hora libre', description: '403 si el plan no incluye soporte en vivo; 400 si la hora no está libre o la llamada ya ha empezado.', access: access.session, params: videoBookingParamsSchema, body: videoMoveRequestSchema, answer: { schema: videoBookingSchema }, refusals: [403, 503], onRequest: [writeLimit] }, async (request) => moveMyBooking(app.container, requireUserId(request), request.params.id, request.body.start));

  route.delete('/general/support/video/bookings/:id', { operationId: 'cancelMyVideoCall', summary: 'Cancela una videollamada propia (en cualquier plan)', access: access.session, params: videoBookingParamsSchema, answer: { schema: messageResponseSchema }, refusals: [503], onRequest: [writeLimit] }, async (request) => cancelMyBooking(app.container, requireUserId(request), request.params.id));

  route.get('/operator/video-bookings', { operationId: 'listTeamVideoCalls', summary: 'Las próximas videollamadas de todos los clientes, la más cercana primero', tags: operatorTags, access: access.operator, answer: { schema: operatorVideoBookingListSchema } }, async () => listTeamBookings(app.container));

  route.get('/operator/video-slots', { operationId: 'listTeamVideoCallSlots', summary: 'Horas libres del calendario de soporte, para cambiar una videollamada', tags: operatorTags, access: access.operator, answer: { schema: videoSlotsResponseSchema } }, async () => freeSlotsAt(app.container));

  route.put('/operator/video-bookings/:id', { operationId: 'moveVideoCallAsOperator', summary: 'Cambia una videollamada a otra hora libre; el cliente y el equipo reciben la invitación actualizada', tags: operatorTags, access: access.operator, params: videoBookingParamsSchema, body: videoMoveRequestSchema, answer: { schema: operatorVideoBookingSchema } }, async (request) => moveBookingAsOperator(app.container, request.params.id, request.body.start));

  route.delete('/operator/video-bookings/:id', { operationId: 'cancelVideoCallAsOperator', summary: 'Cancela una videollamada; el cliente y el equipo reciben la cancelación', tags: operatorTags, access: access.operator, params: videoBookingParamsSchema, answer: { schema: messageResponseSchema } }, async (request) => cancelBookingAsOperator(app.container, request.params.id));
};
