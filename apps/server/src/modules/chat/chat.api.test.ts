import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { CHAT_MESSAGE_MAX_LENGTH } from '@rankmaps/shared/schemas/chat';
import { sessions } from '../../../test/sessions';
import { type SseClient, openSse } from '../../../test/sse-client';
import { createTestApp } from '../../../test/test-app';
import { chatMessages } from '../../db/chat-schema';
import { emails } from '../../db/schema';
import { supportTickets } from '../../db/support-schema';
import { grantOperator } from '../operator/operator.service';
import { CHAT_TICKET_SUBJECT } from './chat.service';

/** Opening hours that are always open, so the tests do not depend on the clock. */
const ALWAYS_OPEN = { CHAT_OPEN_DAYS: '1-7', CHAT_OPEN_HOURS: '00:00-24:00' };
const madridWeekday = () => ({ Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 })[new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Madrid', weekday: 'short' }).format(new Date())]!;

async function listening(env: Record<string, string>) {
  const t = await createTestApp(env);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const base = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
  const streams: SseClient[] = [];
  afterAll(() => streams.forEach((s) => s.close()));
  const sse = async (path: string, headers: Record<string, string>) => {
    const s = await openSse(`${base}${path}`, headers);
    streams.push(s);
    return s;
  };
  return { ...t, base, sse };
}

const messagesOf = (client: SseClient) => client.events.filter((e) => e.event === 'mensaje').map((e) => e.data as { conversationId: string; message: { id: number; author: string; body: string } });

describe('live chat: delivery, typing, read states and catch-up', async () => {
  const { app, container, sse } = await listening({ ...ALWAYS_OPEN, SUPPORT_EMAIL: 'soporte@rankmaps.es' });
  const db = container.database.db;
  const { signedIn } = sessions(app, container);
  const customer = await signedIn('premium', { name: 'Lucía Premium' });
  const operator = await signedIn();
  expect((await grantOperator(container.database, operator.user.email)).ok).toBe(true);
  const send = (body: unknown, headers = customer.headers) => app.inject({ method: 'POST', url: '/api/chat/messages', headers, payload: body as object });

  it('when no operator has a stream open, then the chat says nobody is connected, with the hours', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/chat', headers: customer.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ availability: { available: false, reason: 'sin-operadores', hours: 'todos los días de 0:00 a 24:00 (hora de Madrid)' }, messages: [] });
  });

  it('when the customer writes with an operator online, then both streams get it live, and the answer reaches the customer', async () => {
    const operatorStream = await sse('/api/operator/chat/stream', operator.headers);
    expect(operatorStream.status).toBe(200);
    expect(operatorStream.headers['content-type']).toMatch(/^text\/event-stream/);
    await expect.poll(async () => (await app.inject({ method: 'GET', url: '/api/chat', headers: customer.headers })).json<{ availability: { available: boolean } }>().availability.available, { timeout: 5000, interval: 50 }).toBe(true);
    const chat = (await app.inject({ method: 'GET', url: '/api/chat', headers: customer.headers })).json<{ conversationId: string }>();
    const customerStream = await sse('/api/chat/stream', customer.headers);
    await customerStream.waitFor((events) => events.some((e) => e.event === 'estado'));

    const sent = await send({ body: '  Hola, <script>alert(1)</script> no carga el mapa  ' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ delivered: 'chat', message: { id: 1, author: 'cliente', body: 'Hola, <script>alert(1)</script> no carga el mapa' } });
    await operatorStream.waitFor((events) => events.some((e) => e.event === 'mensaje'));
    expect(messagesOf(operatorStream)[0]).toMatchObject({ conversationId: chat.conversationId, message: { id: 1, body: 'Hola, <script>alert(1)</script> no carga el mapa' } });
    await customerStream.waitFor((events) => events.some((e) => e.event === 'mensaje'));
    expect(customerStream.events.find((e) => e.event === 'mensaje')?.id).toBe('1');

    const answer = await app.inject({ method: 'POST', url: `/api/operator/chat/conversations/${chat.conversationId}/messages`, headers: operator.headers, payload: { body: 'Hola Lucía, lo miro ahora.' } });
    expect(answer.statusCode, answer.body).toBe(200);
    await customerStream.waitFor((events) => messagesOf({ events } as SseClient).length === 2);
    expect(messagesOf(customerStream).map((m) => [m.message.id, m.message.author, m.message.body])).toEqual([
      [1, 'cliente', 'Hola, <script>alert(1)</script> no carga el mapa'],
      [2, 'operador', 'Hola Lucía, lo miro ahora.'],
    ]);

    // Typing, both ways: not stored, delivered to the other side.
    expect((await app.inject({ method: 'POST', url: '/api/chat/typing', headers: customer.headers })).statusCode).toBe(200);
    await operatorStream.waitFor((events) => events.some((e) => e.event === 'escribiendo' && (e.data as { author: string }).author === 'cliente'));
    expect((await app.inject({ method: 'POST', url: `/api/operator/chat/conversations/${chat.conversationId}/typing`, headers: operator.headers })).statusCode).toBe(200);
    await customerStream.waitFor((events) => events.some((e) => e.event === 'escribiendo' && (e.data as { author: string }).author === 'operador'));

    // Read states, both ways: stored and delivered. Answering counts as reading what came before.
    expect((await send({ body: '¿Sigues ahí?' })).json().message.id).toBe(3);
    const unread = (await app.inject({ method: 'GET', url: '/api/operator/chat/conversations', headers: operator.headers })).json<{ conversations: { id: string; unread: number; lastMessage: string }[] }>();
    expect(unread.conversations.find((c) => c.id === chat.conversationId)).toMatchObject({ unread: 1, lastMessage: '¿Sigues ahí?' });
    const read = await app.inject({ method: 'POST', url: `/api/operator/chat/conversations/${chat.conversationId}/read`, headers: operator.headers, payload: { upTo: 3 } });
    expect(read.json()).toEqual({ upTo: 3 });
    await customerStream.waitFor((events) => events.some((e) => e.event === 'leido' && (e.data as { author: string; upTo: number }).author === 'operador' && (e.data as { upTo: number }).upTo === 3));
    // The customer's marker never passes the last message.
    expect((await app.inject({ method: 'POST', url: '/api/chat/read', headers: customer.headers, payload: { upTo: 99 } })).json()).toEqual({ upTo: 3 });
    const state = (await app.inject({ method: 'GET', url: '/api/chat', headers: customer.headers })).json();
    expect(state).toMatchObject({ operatorReadUpTo: 3, customerReadUpTo: 3 });
    const listed = (await app.inject({ method: 'GET', url: '/api/operator/chat/conversations', headers: operator.headers })).json<{ conversations: { id: string; unread: number }[] }>();
    expect(listed.conversations.find((c) => c.id === chat.conversationId)?.unread).toBe(0);
    customerStream.close();
  });

  it('when a stream reconnects with Last-Event-ID while messages keep coming, then it gets every later message once, in order', async () => {
    const chat = (await app.inject({ method: 'GET', url: '/api/chat', headers: customer.headers })).json<{ conversationId: string; messages: { id: number }[] }>();
    const seen = chat.messages.at(-1)!.id;
    // Sent while the customer is disconnected.
    for (const body of ['uno', 'dos', 'tres']) {
      expect((await app.inject({ method: 'POST', url: `/api/operator/chat/conversations/${chat.conversationId}/messages`, headers: operator.headers, payload: { body } })).statusCode).toBe(200);
    }
    const reconnected = await sse('/api/chat/stream', { ...customer.headers, 'last-event-id': String(seen) });
    // And more while the catch-up runs.
    await Promise.all(['cuatro', 'cinco'].map((body) => app.inject({ method: 'POST', url: `/api/operator/chat/conversations/${chat.conversationId}/messages`, headers: operator.headers, payload: { body } })));
    await reconnected.waitFor((events) => messagesOf({ events } as SseClient).length >= 5);
    const ids = messagesOf(reconnected).map((m) => m.message.id);
    expect(ids).toEqual([seen + 1, seen + 2, seen + 3, seen + 4, seen + 5]);
    expect(reconnected.events.filter((e) => e.event === 'mensaje').map((e) => Number(e.id))).toEqual(ids);
    expect(messagesOf(reconnected).slice(0, 3).map((m) => m.message.body)).toEqual(['uno', 'dos', 'tres']);
    // Without Accept: text/event-stream the stream answers the catch-up as JSON.
    const json = await app.inject({ method: 'GET', url: `/api/chat/stream?after=${seen + 3}`, headers: customer.headers });
    expect(json.statusCode).toBe(200);
    expect(json.json<{ messages: { id: number }[] }>().messages.map((m) => m.id)).toEqual([seen + 4, seen + 5]);
    reconnected.close();
  });

  it('when a message is sent twice with the same clientId, then it is stored once', async () => {
    const clientId = randomUUID();
    const first = await send({ body: 'Reintento', clientId });
    const second = await send({ body: 'Reintento', clientId });
    expect(second.json()).toEqual(first.json());
    expect((await db.select({ n: count() }).from(chatMessages).where(eq(chatMessages.clientId, clientId)))[0]!.n).toBe(1);
  });

  it.each([
    ['missing', {}, 'El mensaje es obligatorio'],
    ['only spaces', { body: '   \n ' }, 'El mensaje es obligatorio'],
    ['a number', { body: 7 }, 'El mensaje es obligatorio'],
    ['too long', { body: 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1) }, 'El mensaje no puede tener más de 2000 caracteres'],
    ['a bad clientId', { body: 'hola', clientId: 'no-es-un-uuid' }, 'El identificador del mensaje no es válido'],
  ])('when the body is %s, then 400 in Spanish and nothing is stored', async (_case, body, error) => {
    const before = (await db.select({ n: count() }).from(chatMessages))[0]!.n;
    const res = await send(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error });
    expect((await db.select({ n: count() }).from(chatMessages))[0]!.n).toBe(before);
  });

  it('when a message is exactly 2000 characters, then it is accepted', async () => {
    expect((await send({ body: 'm'.repeat(CHAT_MESSAGE_MAX_LENGTH) })).statusCode).toBe(200);
  });

  it.each([
    ['a negative number', { upTo: -1 }],
    ['a string', { upTo: 'todo' }],
    ['a fraction', { upTo: 1.5 }],
  ])('when the read marker is %s, then 400 in Spanish', async (_case, payload) => {
    const res = await app.inject({ method: 'POST', url: '/api/chat/read', headers: customer.headers, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Indica hasta qué mensaje has leído (un número entero positivo)');
  });

  it('when a plan without live support (or no plan) uses the chat, then 403 naming Premium, and nothing is stored', async () => {
    for (const plan of ['profesional', undefined]) {
      const other = await signedIn(plan);
      for (const [method, url, payload] of [
        ['GET', '/api/chat', undefined],
        ['GET', '/api/chat/stream', undefined],
        ['POST', '/api/chat/messages', { body: 'Hola' }],
        ['POST', '/api/chat/typing', undefined],
        ['POST', '/api/chat/read', { upTo: 1 }],
      ] as const) {
        const res = await app.inject({ method, url, headers: other.headers, ...(payload ? { payload } : {}) });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({ errorType: 'upgrade_required', error: 'Para usar el chat en vivo con el equipo de soporte necesitas el plan Premium.' });
      }
    }
    const agency = await signedIn('pro_agency');
    expect((await app.inject({ method: 'GET', url: '/api/chat', headers: agency.headers })).statusCode).toBe(200);
  });

  it('when a customer who is no operator, or nobody, calls the operator chat routes, then 404 or 401', async () => {
    const chat = (await app.inject({ method: 'GET', url: '/api/chat', headers: customer.headers })).json<{ conversationId: string }>();
    const routes = [
      ['GET', '/api/operator/chat/conversations'],
      ['GET', '/api/operator/chat/stream'],
      ['GET', `/api/operator/chat/conversations/${chat.conversationId}`],
      ['POST', `/api/operator/chat/conversations/${chat.conversationId}/messages`],
      ['POST', `/api/operator/chat/conversations/${chat.conversationId}/typing`],
      ['POST', `/api/operator/chat/conversations/${chat.conversationId}/read`],
    ] as const;
    for (const [method, url] of routes) {
      const payload = url.endsWith('/messages') ? { body: 'Suplanto al operador' } : url.endsWith('/read') ? { upTo: 1 } : undefined;
      const asCustomer = await app.inject({ method, url, headers: customer.headers, ...(payload ? { payload } : {}) });
      expect(asCustomer.statusCode, `${method} ${url}`).toBe(404);
      expect((await app.inject({ method, url, ...(payload ? { payload } : {}) })).statusCode).toBe(401);
    }
    const missing = await app.inject({ method: 'GET', url: `/api/operator/chat/conversations/${randomUUID()}`, headers: operator.headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('Conversación no encontrada.');
    expect((await app.inject({ method: 'GET', url: '/api/operator/chat/conversations/no-es-un-id', headers: operator.headers })).statusCode).toBe(400);
    expect((await db.select({ n: count() }).from(chatMessages).where(eq(chatMessages.body, 'Suplanto al operador')))[0]!.n).toBe(0);
  });
});

describe('live chat outside the opening hours', async () => {
  // Every day but today (Madrid time): closed now, whatever the clock says.
  const today = madridWeekday();
  const otherDays = [1, 2, 3, 4, 5, 6, 7].filter((d) => d !== today).join(',');
  const { app, container, sse } = await listening({ CHAT_OPEN_DAYS: otherDays, CHAT_OPEN_HOURS: '00:00-24:00', SUPPORT_EMAIL: 'soporte@rankmaps.es' });
  const db = container.database.db;
  const { signedIn } = sessions(app, container);
  const customer = await signedIn('premium', { name: 'Marta Fuera', email: 'marta.fuera@example.com' });
  const operator = await signedIn();
  await grantOperator(container.database, operator.user.email);

  it('when the customer writes, even with an operator online, then it becomes a ticket with its confirmation e-mail, and the message stays in the chat with its ticket', async () => {
    await sse('/api/operator/chat/stream', operator.headers);
    const state = (await app.inject({ method: 'GET', url: '/api/chat', headers: customer.headers })).json();
    expect(state.availability).toMatchObject({ available: false, reason: 'fuera-de-horario' });
    const res = await app.inject({ method: 'POST', url: '/api/chat/messages', headers: customer.headers, payload: { body: 'Necesito ayuda con la factura' } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ delivered: string; reference: string; notice: string; message: { body: string; ticketReference: string | null } }>();
    expect(body.delivered).toBe('ticket');
    expect(body.notice).toBe(`Ahora estamos fuera del horario del chat, así que hemos convertido tu mensaje en el ticket ${body.reference}. Te responderemos por email y verás la respuesta en Soporte.`);
    const [ticket] = await db.select().from(supportTickets).where(eq(supportTickets.reference, body.reference));
    expect(ticket).toMatchObject({ userId: customer.user.id, subject: CHAT_TICKET_SUBJECT, message: 'Necesito ayuda con la factura', state: 'abierto' });
    const [confirmation] = await db.select().from(emails).where(eq(emails.kind, 'support-confirmation'));
    expect(confirmation).toMatchObject({ to: 'marta.fuera@example.com', subject: `Hemos recibido tu ticket ${body.reference}` });
    expect((await db.select({ n: count() }).from(emails).where(eq(emails.kind, 'support-ticket')))[0]!.n).toBe(1);
    expect(body.message).toMatchObject({ author: 'cliente', body: 'Necesito ayuda con la factura', ticketReference: body.reference });
    expect((await db.select({ n: count() }).from(chatMessages))[0]!.n).toBe(1);
    // Opened again, the chat's history keeps it with its ticket's reference.
    const again = (await app.inject({ method: 'GET', url: '/api/chat', headers: customer.headers })).json<{ messages: unknown[] }>();
    expect(again.messages).toEqual([body.message]);
  });
});

describe('live chat with no operator online', async () => {
  const { app, container } = await createTestApp({ ...ALWAYS_OPEN, RATE_LIMIT_CHAT_MAX: '4' });
  const { signedIn } = sessions(app, container);
  const customer = await signedIn('pro_starter');

  it('when the customer writes inside the hours, then it becomes a ticket saying nobody is connected; past the limit, 429', async () => {
    // A retry with the same clientId makes no second ticket.
    const clientId = randomUUID();
    const once = await app.inject({ method: 'POST', url: '/api/chat/messages', headers: customer.headers, payload: { body: 'Reintento', clientId } });
    const again = await app.inject({ method: 'POST', url: '/api/chat/messages', headers: customer.headers, payload: { body: 'Reintento', clientId } });
    expect(again.json()).toEqual(once.json());
    expect((await container.database.db.select({ n: count() }).from(supportTickets).where(eq(supportTickets.message, 'Reintento')))[0]!.n).toBe(1);
    const send = () => app.inject({ method: 'POST', url: '/api/chat/messages', headers: customer.headers, payload: { body: '¿Hay alguien?' } });
    const first = await send();
    expect(first.json().notice).toMatch(/^Ahora no hay nadie del equipo conectado al chat, así que hemos convertido tu mensaje en el ticket TK-[0-9A-F]{8}\./);
    expect((await send()).statusCode).toBe(200);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe('Demasiadas peticiones. Inténtalo de nuevo en unos minutos.');
  });
});
