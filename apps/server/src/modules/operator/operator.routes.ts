import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
import { access, routeKit } from '../../plugins/route-kit';
import { answerTicket, getInboxTicket, listInbox, lookAtCustomer, setTicketState } from './operator.service';

/**
 * The operator's inbox (docs/support.md): /api/operator/*, for users with the operator role
 * only. Anyone else signed in gets 404, as if the routes did not exist; nobody signed in, 401.
 */
export const operatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routeKit(app, { tags: ['operador'] });
  const operator = access.operator;

  route.get('/operator/tickets', { operationId: 'listInboxTickets', summary: 'Bandeja del operador: los tickets, la actividad más reciente primero', description: 'Hasta 200 tickets; ?state= filtra por estado.', access: operator, querystring: operatorTicketsQuerySchema, answer: { schema: operatorTicketListSchema } }, async (request) => listInbox(app.container, request.query.state));

  route.get('/operator/tickets/:reference', { operationId: 'getInboxTicket', summary: 'Un ticket con sus mensajes', access: operator, params: supportTicketParamsSchema, answer: { schema: operatorTicketThreadSchema } }, async (request) => getInboxTicket(app.container, request.params.reference));

  route.post('/operator/tickets/:reference/messages', { operationId: 'answerInboxTicket', summary: 'Responde a un ticket: el cliente recibe la respuesta por email y en Soporte', access: operator, params: supportTicketParamsSchema, body: operatorReplySchema, answer: { schema: operatorTicketThreadSchema } }, async (request) => answerTicket(app.container, requireUserId(request), request.params.reference, request.body));

  route.put('/operator/tickets/:reference/state', { operationId: 'setInboxTicketState', summary: 'Cambia el estado de un ticket', access: operator, params: supportTicketParamsSchema, body: operatorStateSchema, answer: { schema: operatorTicketThreadSchema } }, async (request) => setTicketState(app.container, request.params.reference, request.body.state));

  route.get('/operator/tickets/:reference/customer', { operationId: 'getInboxTicketCustomer', summary: 'El plan y los negocios del cliente del ticket (solo lectura; cada consulta queda registrada)', access: operator, params: supportTicketParamsSchema, answer: { schema: operatorCustomerSchema } }, async (request) => lookAtCustomer(app.container, requireUserId(request), request.params.reference));
};
