import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
import { access, routeKit } from '../../plugins/route-kit';
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
  // preClose, not onClose: Fastify's close waits for every open connection to end before the
  // onClose hooks run, and an open stream never ends by itself (docs/operations.md "Shutdown").
  app.addHook('preClose', async () => hub.close());
  const deps: ChatDeps = { ...app.container, hub };
  const route = routeKit(app, { tags: ['chat'] });
  const operatorTags = ['operador'];
  const sendLimit = limitPerUser(app, rateLimitPolicy.chat(app.container.config));

  // The customer's side: plans without live support get 403 naming the plan that has it.
  route.get('/chat', { operationId: 'getMyChat', summary: 'El chat en vivo del usuario: historial, disponibilidad y marcas de lectura', description: '403 si el plan no incluye soporte en vivo: el mensaje nombra el plan que lo incluye.', access: access.session, answer: { schema: chatStateSchema }, refusals: [403] }, async (request) => getChat(deps, requireUserId(request)));

  route.get('/chat/stream', { operationId: 'streamMyChat', summary: 'Eventos del chat (Server-Sent Events con Accept: text/event-stream; si no, los mensajes posteriores en JSON)', description: 'Reanuda tras Last-Event-ID (o ?after=): envía los mensajes posteriores, sin perder ni repetir ninguno.', access: access.session, querystring: chatStreamQuerySchema, answer: { schema: chatCatchUpSchema, eventStream: 'Eventos estado (disponibilidad del equipo), mensaje (con su número como id), escribiendo y leido; cada uno con su JSON en data.', }, refusals: [403] }, async (request, reply) => {
    const userId = requireUserId(request);
    const { conversation, from } = await customerStreamStart(deps, userId, lastEventIdOf(request, request.query.after));
    if (!wantsEventStream(request)) return catchUp(deps, conversation.id, from);
    const stream = openEventStream(request, reply, RETRY_MS);
    stream.send('estado', { type: 'estado', availability: await hub.availability() });
    hub.addCustomer(stream, conversation.id, from);
    return reply;
  });

  // The limit's counter is in the database: 503 when it cannot be read.
  route.post('/chat/messages', { operationId: 'sendChatMessage', summary: 'Envía un mensaje al chat (fuera de horario o sin operadores, se convierte en un ticket)', description: '403 si el plan no incluye soporte en vivo. Limitado por usuario: al pasarse, 429 con Retry-After.', access: access.session, body: chatSendSchema, answer: { schema: chatSentSchema }, refusals: [403, 503], onRequest: [sendLimit] }, async (request) => sendAsCustomer(deps, requireUserId(request), request.body));

  route.post('/chat/typing', { operationId: 'signalChatTyping', summary: 'Avisa de que el usuario está escribiendo (no se guarda)', description: '403 si el plan no incluye soporte en vivo: el mensaje nombra el plan que lo incluye.', access: access.session, answer: { schema: chatOkSchema }, refusals: [403] }, async (request) => {
    await customerTyping(deps, requireUserId(request));
    return { ok: true as const };
  });

  route.post('/chat/read', { operationId: 'markChatRead', summary: 'Marca como leídos los mensajes hasta el indicado', description: '403 si el plan no incluye soporte en vivo: el mensaje nombra el plan que lo incluye.', access: access.session, body: chatReadSchema, answer: { schema: chatReadResultSchema }, refusals: [403] }, async (request) => customerRead(deps, requireUserId(request), request.body.upTo));

  // The operators' side: anyone else gets 404, as for the rest of /api/operator (docs/decisions.md §27.1).
  route.get('/operator/chat/conversations', { operationId: 'listOperatorChats', summary: 'Chats en vivo: las conversaciones, la más reciente primero, con los mensajes sin leer', tags: operatorTags, access: access.operator, answer: { schema: operatorChatListSchema } }, async () => listOperatorChats(deps));

  route.get('/operator/chat/stream', { operationId: 'streamOperatorChats', summary: 'Eventos de todos los chats (Server-Sent Events); mientras está abierto, el operador cuenta como conectado', description: 'Sin Accept: text/event-stream responde la lista de conversaciones en JSON.', tags: operatorTags, access: access.operator, answer: { schema: operatorChatListSchema, eventStream: 'Eventos mensaje, escribiendo y leido de todas las conversaciones, y resync cuando hay que volver a pedir la lista; cada uno con su JSON en data.', } }, async (request, reply) => {
    const operatorId = requireUserId(request);
    if (!wantsEventStream(request)) return listOperatorChats(deps);
    const stream = openEventStream(request, reply, RETRY_MS);
    await hub.addOperator(stream, operatorId);
    return reply;
  });

  route.get('/operator/chat/conversations/:id', { operationId: 'getOperatorChat', summary: 'Una conversación con sus mensajes', description: 'Los 200 últimos mensajes de la conversación, con las marcas de lectura.', tags: operatorTags, access: access.operator, params: chatConversationParamsSchema, answer: { schema: operatorChatThreadSchema } }, async (request) => getOperatorChat(deps, request.params.id));

  // Counted before the role check (route-kit.ts), as on every limited route.
  route.post('/operator/chat/conversations/:id/messages', { operationId: 'sendOperatorChatMessage', summary: 'Responde en una conversación del chat', tags: operatorTags, access: access.operator, params: chatConversationParamsSchema, body: chatSendSchema, answer: { schema: chatSentSchema }, refusals: [503], onRequest: [sendLimit] }, async (request) => sendAsOperator(deps, requireUserId(request), request.params.id, request.body));

  route.post('/operator/chat/conversations/:id/typing', { operationId: 'signalOperatorChatTyping', summary: 'Avisa al cliente de que el operador está escribiendo', tags: operatorTags, access: access.operator, params: chatConversationParamsSchema, answer: { schema: chatOkSchema } }, async (request) => {
    await operatorTyping(deps, request.params.id);
    return { ok: true as const };
  });

  route.post('/operator/chat/conversations/:id/read', { operationId: 'markOperatorChatRead', summary: 'Marca como leídos los mensajes del cliente hasta el indicado', tags: operatorTags, access: access.operator, params: chatConversationParamsSchema, body: chatReadSchema, answer: { schema: chatReadResultSchema } }, async (request) => operatorRead(deps, request.params.id, request.body.upTo));
};
