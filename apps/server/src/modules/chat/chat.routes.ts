import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '@rankmaps/shared/schemas/common';
import {
  chatCatchUpSchema,
  chatConversationParamsSchema,
  chatOkSchema,
  chatReadResultSchema,
  chatReadSchema,
  chatSendSchema,
  chatSentSchema,
  chatStateSchema,
  chatStreamQuerySchema,
  operatorChatListSchema,
  operatorChatThreadSchema,
} from '@rankmaps/shared/schemas/chat';
import { requireUserId } from '../../plugins/auth';
import { requireOperator } from '../operator/operator.service';
import { rateLimitPolicy } from '../rate-limits/policy';
import { limitPerUser } from '../rate-limits/shared-rate-limit';
import { ChatHub } from './chat-hub';
import {
  type ChatDeps,
  catchUp,
  customerRead,
  customerStreamStart,
  customerTyping,
  getChat,
  getOperatorChat,
  listOperatorChats,
  operatorRead,
  operatorTyping,
  sendAsCustomer,
  sendAsOperator,
} from './chat.service';
import { lastEventIdOf, openEventStream, wantsEventStream } from './event-stream';

/** How long a browser waits before reconnecting a dropped stream. */
const RETRY_MS = 2000;

/**
 * The live chat (docs/support.md, «Chat en vivo»): /api/chat/* for customers whose plan has
 * live support, /api/operator/chat/* for operators. The streams are Server-Sent Events when
 * asked for with Accept: text/event-stream, and a JSON catch-up otherwise (docs/decisions.md §27.2).
 */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const hub = new ChatHub(app.container.database, app.container.config.chatHours, app.container.log);
  await hub.start();
  app.addHook('onClose', async () => hub.close());
  const deps: ChatDeps = { ...app.container, hub };
  const customer = { tags: ['chat'], security: [{ bearer: [] }] };
  const sendLimit = limitPerUser(app, rateLimitPolicy.chat(app.container.config));

  app.get(
    '/chat',
    {
      onRequest: [app.authenticate],
      schema: {
        ...customer,
        summary: 'El chat en vivo del usuario: historial, disponibilidad y marcas de lectura',
        response: { 200: chatStateSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => getChat(deps, requireUserId(request)),
  );

  app.get(
    '/chat/stream',
    {
      onRequest: [app.authenticate],
      schema: {
        ...customer,
        summary: 'Eventos del chat (Server-Sent Events con Accept: text/event-stream; si no, los mensajes posteriores en JSON)',
        description: 'Reanuda tras Last-Event-ID (o ?after=): envía los mensajes posteriores, sin perder ni repetir ninguno.',
        querystring: chatStreamQuerySchema,
        response: { 200: chatCatchUpSchema, 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const { conversation, from } = await customerStreamStart(deps, userId, lastEventIdOf(request, request.query.after));
      if (!wantsEventStream(request)) return catchUp(deps, conversation.id, from);
      const stream = openEventStream(request, reply, RETRY_MS);
      stream.send('estado', { type: 'estado', availability: await hub.availability() });
      hub.addCustomer(stream, conversation.id, from);
      return reply;
    },
  );

  app.post(
    '/chat/messages',
    {
      onRequest: [app.authenticate, sendLimit],
      schema: {
        ...customer,
        summary: 'Envía un mensaje al chat (fuera de horario o sin operadores, se convierte en un ticket)',
        body: chatSendSchema,
        response: { 200: chatSentSchema, 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => sendAsCustomer(deps, requireUserId(request), request.body),
  );

  app.post(
    '/chat/typing',
    {
      onRequest: [app.authenticate],
      schema: { ...customer, summary: 'Avisa de que el usuario está escribiendo (no se guarda)', response: { 200: chatOkSchema, 401: errorResponseSchema, 403: errorResponseSchema } },
    },
    async (request) => {
      await customerTyping(deps, requireUserId(request));
      return { ok: true as const };
    },
  );

  app.post(
    '/chat/read',
    {
      onRequest: [app.authenticate],
      schema: {
        ...customer,
        summary: 'Marca como leídos los mensajes hasta el indicado',
        body: chatReadSchema,
        response: { 200: chatReadResultSchema, 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => customerRead(deps, requireUserId(request), request.body.upTo),
  );

  // The operators' side: anyone else gets 404, as for the rest of /api/operator (docs/decisions.md §27.1).
  const onRequest = [app.authenticate, requireOperator(app.container)];
  const operator = { tags: ['operador'], security: [{ bearer: [] }] };

  app.get(
    '/operator/chat/conversations',
    {
      onRequest,
      schema: { ...operator, summary: 'Chats en vivo: las conversaciones, la más reciente primero, con los mensajes sin leer', response: { 200: operatorChatListSchema, 401: errorResponseSchema, 404: errorResponseSchema } },
    },
    async () => listOperatorChats(deps),
  );

  app.get(
    '/operator/chat/stream',
    {
      onRequest,
      schema: {
        ...operator,
        summary: 'Eventos de todos los chats (Server-Sent Events); mientras está abierto, el operador cuenta como conectado',
        description: 'Sin Accept: text/event-stream responde la lista de conversaciones en JSON.',
        response: { 200: operatorChatListSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const operatorId = requireUserId(request);
      if (!wantsEventStream(request)) return listOperatorChats(deps);
      const stream = openEventStream(request, reply, RETRY_MS);
      await hub.addOperator(stream, operatorId);
      return reply;
    },
  );

  app.get(
    '/operator/chat/conversations/:id',
    {
      onRequest,
      schema: {
        ...operator,
        summary: 'Una conversación con sus mensajes',
        params: chatConversationParamsSchema,
        response: { 200: operatorChatThreadSchema, 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => getOperatorChat(deps, request.params.id),
  );

  app.post(
    '/operator/chat/conversations/:id/messages',
    {
      // The limit counts before the role check, as on every limited route: the global limit
      // already shows that /api/operator answers, so a 429 here tells nothing more.
      onRequest: [app.authenticate, sendLimit, requireOperator(app.container)],
      schema: {
        ...operator,
        summary: 'Responde en una conversación del chat',
        params: chatConversationParamsSchema,
        body: chatSendSchema,
        response: { 200: chatSentSchema, 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => sendAsOperator(deps, requireUserId(request), request.params.id, request.body),
  );

  app.post(
    '/operator/chat/conversations/:id/typing',
    {
      onRequest,
      schema: { ...operator, summary: 'Avisa al cliente de que el operador está escribiendo', params: chatConversationParamsSchema, response: { 200: chatOkSchema, 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema } },
    },
    async (request) => {
      await operatorTyping(deps, request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/operator/chat/conversations/:id/read',
    {
      onRequest,
      schema: {
        ...operator,
        summary: 'Marca como leídos los mensajes del cliente hasta el indicado',
        params: chatConversationParamsSchema,
        body: chatReadSchema,
        response: { 200: chatReadResultSchema, 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => operatorRead(deps, request.params.id, request.body.upTo),
  );
};
