import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { callsUntilRefused } from '../../../test/rate-limits';
import { createTestApp } from '../../../test/test-app';
import { buildApp } from '../../app';
import type { Container } from '../../container';
import { bucketOf } from './postgres-store';

const MAX = 10;
const FLUSH_MS = 50;
const WINDOW_SECONDS = 60;

/** The container as an API process whose database can go down: every statement then fails as a lost connection does. */
function withDatabaseSwitch(container: Container) {
  const state = { down: false };
  const logs: { level: number; msg: string }[] = [];
  const db = new Proxy(container.database.db, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (state.down) return Promise.reject(new Error('Connection terminated unexpectedly'));
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  const log = pino({ level: 'info' }, { write: (line: string) => logs.push(JSON.parse(line) as { level: number; msg: string }) });
  return { container: { ...container, log, database: { ...container.database, db } }, state, logs };
}

describe('rate limits on the PostgreSQL store, across API processes', async () => {
  const { app, container } = await createTestApp({ RATE_LIMIT_GLOBAL_MAX: String(MAX), RATE_LIMIT_GLOBAL_FLUSH_MS: String(FLUSH_MS) });
  // Two more API processes on the same database: they share the data and nothing else.
  const other = await buildApp(container);
  const switched = withDatabaseSwitch(container);
  const flaky = await buildApp(switched.container);
  await Promise.all([other.ready(), flaky.ready()]);
  afterAll(() => Promise.all([other.close(), flaky.close()]));

  let lastAddress = 0;
  const newAddress = () => `198.51.100.${++lastAddress}`;
  const call = (via: FastifyInstance, remoteAddress: string) => via.inject({ method: 'GET', url: '/api/config', remoteAddress });
  /** Every call of `address` to the global limit that has reached the database, from any process. */
  const sharedHits = async (address: string) => {
    const [row] = await rowsOf<{ hits: number }>(
      container.database.db,
      sql`select hits from request_counters where bucket_hash = ${bucketOf(`global\u0000${address}`)}`,
    );
    return row ? Number(row.hits) : 0;
  };
  const untilRefused = (via: FastifyInstance, address: string) => callsUntilRefused(() => call(via, address));

  it('when one address spends its budget on one process, then another process refuses it within a flush or two, with a Spanish 429 and Retry-After, and other addresses go on', async () => {
    const address = newAddress();
    for (let i = 0; i < MAX; i++) expect((await call(app, address)).statusCode).toBe(200);
    await expect.poll(() => sharedHits(address), { message: 'the first process flushed', timeout: 5_000, interval: FLUSH_MS }).toBe(MAX);
    const { refused, allowed } = await untilRefused(other, address);
    // Counted per process, the other would have allowed MAX more; shared, only what it sees before its own flush.
    expect(allowed).toBeLessThan(MAX / 2);
    expect(refused.json().error).toMatch(/^Demasiad/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(WINDOW_SECONDS);
    expect((await call(app, address)).statusCode).toBe(429);
    expect((await call(other, newAddress())).statusCode).toBe(200);
  });

  it('when one address spreads its calls over two processes, then together they allow about the limit, not twice it', async () => {
    const address = newAddress();
    let allowed = 0;
    for (let i = 0; i < 4 * MAX; i++) {
      if ((await call(i % 2 ? other : app, address)).statusCode === 200) allowed++;
      await sleep(FLUSH_MS / 2);
    }
    expect(allowed).toBeGreaterThanOrEqual(MAX);
    expect(allowed).toBeLessThan(2 * MAX);
  });

  it('when the database is down, then the global limit fails open to counting in the process (a warning logged), and shares the counts once it is back', async () => {
    const address = newAddress();
    switched.state.down = true;
    try {
      for (let i = 0; i < MAX; i++) expect((await call(flaky, address)).statusCode).toBe(200);
      const refused = await call(flaky, address);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toMatch(/^Demasiad/);
      await expect
        .poll(() => switched.logs.some((l) => l.level === 40 && /could not share counts/.test(l.msg)), {
          timeout: 5_000,
          interval: FLUSH_MS,
        })
        .toBe(true);
    } finally {
      switched.state.down = false;
    }
    await expect
      .poll(() => switched.logs.some((l) => l.level === 30 && /shared through the database again/.test(l.msg)), {
        timeout: 5_000,
        interval: FLUSH_MS,
      })
      .toBe(true);
    expect(await sharedHits(address)).toBe(MAX + 1);
    // What the process counted while the database was down reached the others.
    const { allowed } = await untilRefused(other, address);
    expect(allowed).toBeLessThan(MAX / 2);
  });

  it('when the database is down, then a sensitive endpoint fails closed with a Spanish 503 (never a 500), and counts again once it is back', async () => {
    const login = () =>
      flaky.inject({
        method: 'POST',
        url: '/api/auth/login/user',
        remoteAddress: newAddress(),
        payload: { email: 'nadie@example.com', password: 'x' },
      });
    switched.state.down = true;
    try {
      const refused = await login();
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({
        code: 'RATE_LIMIT_UNAVAILABLE',
        error: expect.stringMatching(/^No podemos atender esta petición/) as unknown,
      });
      expect(switched.logs.some((l) => l.level === 50 && /could not count a request/.test(l.msg))).toBe(true);
    } finally {
      switched.state.down = false;
    }
    expect((await login()).statusCode).toBe(401);
  });
});
