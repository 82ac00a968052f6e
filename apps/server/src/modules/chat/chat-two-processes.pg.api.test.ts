import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { sessions } from '../../../test/sessions';
import { type SseClient, openSse } from '../../../test/sse-client';
import { createTestApp } from '../../../test/test-app';
import { buildApp } from '../../app';
import { createContainer } from '../../container';
import { openPostgres } from '../../db/client';
import { grantOperator } from '../operator/operator.service';

const baseOf = (app: FastifyInstance) => {
  const address = app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
};

// Two API processes' worth of state on one PostgreSQL database, each listening on its own
// port with its own pool, LISTEN connection and chat hub (docs/decisions.md §27.2). PostgreSQL
// only (vitest.config.ts).
describe('the live chat across two API processes', async () => {
  const { app: first, container, databaseUrl } = await createTestApp({ CHAT_OPEN_DAYS: '1-7', CHAT_OPEN_HOURS: '00:00-24:00' });
  const otherContainer = await createContainer(container.config, container.log, { database: await openPostgres(databaseUrl!, 3) });
  const second = await buildApp(otherContainer);
  await first.listen({ port: 0, host: '127.0.0.1' });
  await second.listen({ port: 0, host: '127.0.0.1' });
  const streams: SseClient[] = [];
  // Registered after createTestApp's, so it runs first: the database is dropped last.
  afterAll(async () => {
    streams.forEach((s) => s.close());
    await second.close();
    await otherContainer.close();
  });
  const { signedIn } = sessions(first, container);
  const customer = await signedIn('premium');
  const operator = await signedIn();
  await grantOperator(container.database, operator.user.email);
  const sse = async (app: FastifyInstance, path: string, headers: Record<string, string>) => {
    const s = await openSse(`${baseOf(app)}${path}`, headers);
    streams.push(s);
    return s;
  };

  it('when a message is posted to one process, then a client connected to the other gets it, both ways', async () => {
    // The operator is online through the first process; the second sees it in the database.
    const operatorStream = await sse(first, '/api/operator/chat/stream', operator.headers);
    await expect
      .poll(async () => (await second.inject({ method: 'GET', url: '/api/chat', headers: customer.headers })).json<{ availability: { available: boolean } }>().availability.available, { timeout: 5000, interval: 50 })
      .toBe(true);
    const customerStream = await sse(first, '/api/chat/stream', customer.headers);
    await customerStream.waitFor((events) => events.some((e) => e.event === 'estado'));

    // The customer writes through the second process: the operator, on the first, gets it.
    const sent = await second.inject({ method: 'POST', url: '/api/chat/messages', headers: customer.headers, payload: { body: 'Escrito en el segundo proceso' } });
    expect(sent.json()).toMatchObject({ delivered: 'chat', message: { id: 1 } });
    await operatorStream.waitFor((events) => events.some((e) => e.event === 'mensaje'));
    const conversationId = (operatorStream.events.find((e) => e.event === 'mensaje')!.data as { conversationId: string }).conversationId;

    // The operator answers through the second process: the customer, on the first, gets it.
    const answer = await second.inject({ method: 'POST', url: `/api/operator/chat/conversations/${conversationId}/messages`, headers: operator.headers, payload: { body: 'Respondido desde el segundo proceso' } });
    expect(answer.statusCode, answer.body).toBe(200);
    await customerStream.waitFor((events) => events.filter((e) => e.event === 'mensaje').length === 2);
    const bodies = customerStream.events.filter((e) => e.event === 'mensaje').map((e) => [e.id, (e.data as { message: { body: string } }).message.body]);
    expect(bodies).toEqual([
      ['1', 'Escrito en el segundo proceso'],
      ['2', 'Respondido desde el segundo proceso'],
    ]);

    // Typing crosses processes too.
    await second.inject({ method: 'POST', url: `/api/operator/chat/conversations/${conversationId}/typing`, headers: operator.headers });
    await customerStream.waitFor((events) => events.some((e) => e.event === 'escribiendo'));

    // The operator's stream closes: nobody is online any more, in either process.
    operatorStream.close();
    await expect
      .poll(async () => (await second.inject({ method: 'GET', url: '/api/chat', headers: customer.headers })).json<{ availability: { reason: string } }>().availability.reason, { timeout: 5000, interval: 50 })
      .toBe('sin-operadores');
    await customerStream.waitFor((events) => events.some((e) => e.event === 'estado' && (e.data as { availability: { reason: string } }).availability.reason === 'sin-operadores'));
  });

  it('when the server drops the LISTEN connections, then each process reconnects and its streams catch up, losing nothing', async () => {
    const customerStream = await sse(first, '/api/chat/stream', { ...customer.headers, 'last-event-id': '2' });
    const conversationId = (await second.inject({ method: 'GET', url: '/api/chat', headers: customer.headers })).json<{ conversationId: string }>().conversationId;
    // Every LISTEN connection of this database (both processes'), as an administrator or a failover would.
    const killed = await container.database.executor.executeSql(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen %' and pid <> pg_backend_pid()",
    );
    expect(killed.rows.length).toBe(2);
    // Posted while the first process has no LISTEN: it arrives by the catch-up after the reconnection.
    const sent = await second.inject({ method: 'POST', url: `/api/operator/chat/conversations/${conversationId}/messages`, headers: operator.headers, payload: { body: 'Durante el corte' } });
    expect(sent.statusCode, sent.body).toBe(200);
    await customerStream.waitFor((events) => events.some((e) => e.event === 'mensaje' && (e.data as { message: { body: string } }).message.body === 'Durante el corte'), 10_000);
    const ids = customerStream.events.filter((e) => e.event === 'mensaje').map((e) => e.id);
    expect(ids).toEqual([...new Set(ids)]);
    expect(ids.at(-1)).toBe('3');
  });
});
