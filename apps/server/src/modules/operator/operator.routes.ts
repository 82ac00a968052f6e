import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@rankmaps/shared/schemas/common';
import {
  operatorCustomerSchema,
  operatorReplySchema,
  operatorStateSchema,
  operatorTicketListSchema,
  operatorTicketThreadSchema,
  operatorTicketsQuerySchema,
  supportTicketParamsSchema,
} from '@rankmaps/shared/schemas/support';
import { requireUserId } from '../../plugins/auth';
import { answerTicket, getInboxTicket, listInbox, lookAtCustomer, requireOperator, setTicketState } from './operator.service';

/**
 * The operator's inbox (docs/support.md): /api/operator/*, for users with the operator role
 * only. Anyone else signed in gets 404, as if the routes did not exist; nobody signed in, 401.
 */
export const operatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = [app.authenticate, requireOperator(app.container)];
  const common = { tags: ['operador'], security: [{ bearer: [] }] };

  app.get(
    '/operator/tickets',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Bandeja del operador: los tickets, la actividad más reciente primero',
        querystring: operatorTicketsQuerySchema,
        response: { 200: operatorTicketListSchema, 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => listInbox(app.container, request.query.state),
  );

  app.get(
    '/operator/tickets/:reference',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Un ticket con sus mensajes',
        params: supportTicketParamsSchema,
        response: { 200: operatorTicketThreadSchema, 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => getInboxTicket(app.container, request.params.reference),
  );

  app.post(
    '/operator/tickets/:reference/messages',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Responde a un ticket: el cliente recibe la respuesta por email y en Soporte',
        params: supportTicketParamsSchema,
        body: operatorReplySchema,
        response: { 200: operatorTicketThreadSchema, 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => answerTicket(app.container, requireUserId(request), request.params.reference, request.body),
  );

  app.put(
    '/operator/tickets/:reference/state',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Cambia el estado de un ticket',
        params: supportTicketParamsSchema,
        body: operatorStateSchema,
        response: { 200: operatorTicketThreadSchema, 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => setTicketState(app.container, request.params.reference, request.body.state),
  );

  app.get(
    '/operator/tickets/:reference/customer',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'El plan y los negocios del cliente del ticket (solo lectura; cada consulta queda registrada)',
        params: supportTicketParamsSchema,
        response: { 200: operatorCustomerSchema, 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => lookAtCustomer(app.container, requireUserId(request), request.params.reference),
  );
};
