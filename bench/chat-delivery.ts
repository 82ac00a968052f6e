import { readFileSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/server/src/app';
import { grantOperator } from '../apps/server/src/modules/operator/operator.service';
import { buildUser } from '../apps/server/test/factories';
import { subscribeThroughSandbox } from '../apps/server/test/sandbox';
import { percentile, round, startServer } from './lib';
import { openBenchContainer } from './scan-env';

const THIS_FILE = fileURLToPath(import.meta.url);
const CLIENTS = 200;
const ROUNDS = 10;
const CONCURRENT = 20;
const OPEN = { CHAT_OPEN_DAYS: '1-7', CHAT_OPEN_HOURS: '00:00-24:00', RATE_LIMIT_CHAT_MAX: '1000000' };

/** The server process's resident memory, from /proc (Linux). */
const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });

interface Stream {
  /** Resolves when an event named `event` whose data contains `marker` arrives. */
  waitFor(event: string, marker: string): Promise<void>;
  close(): void;
}

/** A minimal SSE reader: enough to see an event's name and raw data. */
function openStream(agent: Agent, url: string, token: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const waiters: { event: string; marker: string; done: () => void }[] = [];
    const req = httpRequest(url, { agent, headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream ${res.statusCode}`));
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const name = /^event: (.*)$/m.exec(block)?.[1];
          for (let i = waiters.length - 1; i >= 0; i--) {
            const w = waiters[i]!;
            if (w.event === name && block.includes(w.marker)) {
              waiters.splice(i, 1);
              w.done();
            }
          }
        }
      });
      res.on('error', () => undefined);
      resolve({
        waitFor: (event, marker) => new Promise<void>((done) => waiters.push({ event, marker, done })),
        close: () => req.destroy(),
      });
    });
    req.on('error', (err) => {
      if ((err as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(err);
    });
    req.end();
  });
}

/**
 * The live chat's delivery (docs/decisions.md §27.2; docs/performance.md): a real server
 * process on PostgreSQL with 200 customers' SSE streams and the operator's open; the operator
 * posts messages over HTTP and each is timed until its customer's stream shows it. The
 * server's resident memory is read before and after the 200 streams open.
 */
export async function benchChatDelivery(opts: { databaseUrl?: string } = {}) {
  const { dataDir, scratch, container } = await openBenchContainer('rankmaps-bench-chat-', opts.databaseUrl, OPEN);
  // Users, plans and conversations, made through the real app before the server starts.
  const setup = await buildApp(container);
  await setup.ready();
  const customers: { token: string; conversationId: string }[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const user = await buildUser(container);
    const token = await container.accessTokens.sign(user.id);
    const headers = { authorization: `Bearer ${token}` };
    await subscribeThroughSandbox(setup, headers, 'premium', 'monthly');
    const chat = await setup.inject({ method: 'GET', url: '/api/chat', headers });
    customers.push({ token, conversationId: chat.json<{ conversationId: string }>().conversationId });
  }
  const operator = await buildUser(container, { name: 'Operadora Bench' });
  await grantOperator(container.database, operator.email);
  const operatorToken = await container.accessTokens.sign(operator.id);
  await setup.close();

  const server = await startServer({ port: await freePort(), dataDir, env: { ...OPEN, RATE_LIMIT_GLOBAL_MAX: '1000000', ...(scratch ? { DATABASE_URL: scratch.url } : {}) } });
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
  const pid = server.process.pid!;
  const post = (path: string, body: object) =>
    fetch(`${server.url}/api${path}`, { method: 'POST', headers: { authorization: `Bearer ${operatorToken}`, 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => {
      if (!r.ok) throw new Error(`post ${r.status}`);
    });
  try {
    // Warm-up: one stream and one message, so the code paths are loaded before memory is read.
    const warm = await openStream(agent, `${server.url}/api/chat/stream`, customers[0]!.token);
    const warmed = warm.waitFor('mensaje', 'calentamiento');
    await post(`/operator/chat/conversations/${customers[0]!.conversationId}/messages`, { body: 'calentamiento' });
    await warmed;
    warm.close();
    await new Promise((r) => setTimeout(r, 1000));
    const rssBefore = rssOf(pid);

    const operatorStream = await openStream(agent, `${server.url}/api/operator/chat/stream`, operatorToken);
    const streams: Stream[] = [];
    for (const c of customers) {
      const s = await openStream(agent, `${server.url}/api/chat/stream`, c.token);
      streams.push(s);
    }
    await new Promise((r) => setTimeout(r, 1000));
    const rssAfter = rssOf(pid);

    const latencies: number[] = [];
    for (let round_ = 0; round_ < ROUNDS; round_++) {
      await Promise.all(
        Array.from({ length: CONCURRENT }, async (_, k) => {
          const i = (round_ * CONCURRENT + k) % CLIENTS;
          const marker = `m-${round_}-${k}-${Date.now()}`;
          const arrived = streams[i]!.waitFor('mensaje', marker);
          const t0 = performance.now();
          await post(`/operator/chat/conversations/${customers[i]!.conversationId}/messages`, { body: marker });
          await arrived;
          latencies.push(performance.now() - t0);
        }),
      );
    }
    // One at a time too: the latency of a message alone, without 19 others in flight.
    const alone: number[] = [];
    for (let n = 0; n < 50; n++) {
      const i = (n * 7) % CLIENTS;
      const marker = `solo-${n}-${Date.now()}`;
      const arrived = streams[i]!.waitFor('mensaje', marker);
      const t0 = performance.now();
      await post(`/operator/chat/conversations/${customers[i]!.conversationId}/messages`, { body: marker });
      await arrived;
      alone.push(performance.now() - t0);
    }
    alone.sort((a, b) => a - b);
    for (const s of streams) s.close();
    operatorStream.close();
    latencies.sort((a, b) => a - b);
    return {
      name: `live chat delivery, ${CLIENTS} open SSE chat clients (${scratch ? 'PostgreSQL' : 'PGlite'})`,
      messages: latencies.length,
      concurrentPosts: CONCURRENT,
      p50Ms: round(percentile(latencies, 50)),
      p95Ms: round(percentile(latencies, 95)),
      maxMs: round(latencies.at(-1)!),
      oneAtATime: { messages: alone.length, p50Ms: round(percentile(alone, 50)), p95Ms: round(percentile(alone, 95)) },
      serverRssBeforeMiB: round(rssBefore),
      serverRssWithStreamsMiB: round(rssAfter),
      rssPerConnectionKiB: round(((rssAfter - rssBefore) * 1024) / (CLIENTS + 1)),
      goal: 'p95 ≤ 200 ms from the POST to the customer stream',
    };
  } finally {
    agent.destroy();
    await server.stop();
    await container.close();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === THIS_FILE) {
  console.log(JSON.stringify(await benchChatDelivery({ databaseUrl: process.env.BENCH_DATABASE_URL }), null, 2));
}
