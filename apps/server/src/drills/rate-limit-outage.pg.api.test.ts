import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { collectFatalErrors } from '../../test/fatal-errors';
import { startPrivatePostgres, testAppOn } from '../../test/private-postgres';
import { callsUntilRefused } from '../../test/rate-limits';

const MAX = 10;

// PostgreSQL stops (fast shutdown: every connection is cut) under two API processes, and comes
// back. The rate limits' store must neither take the API down with it nor answer 500s: the
// global limit fails open to counting in each process, the sensitive endpoints fail closed.
describe('drill: PostgreSQL stops under the rate limits', async () => {
  const server = await startPrivatePostgres();
  // Registered first, so it runs last: after the apps have closed their connections.
  afterAll(() => server.destroy());
  const { app, container } = await testAppOn(server.url, { RATE_LIMIT_GLOBAL_MAX: String(MAX), RATE_LIMIT_GLOBAL_FLUSH_MS: '50' });
  const other = await buildApp(container);
  await other.ready();
  afterAll(() => other.close());
  const fatal = collectFatalErrors();

  const call = (via: FastifyInstance, remoteAddress: string) => via.inject({ method: 'GET', url: '/api/config', remoteAddress });
  const login = () =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login/user',
      remoteAddress: '203.0.113.5',
      payload: { email: 'nadie@example.com', password: 'x' },
    });

  it('when the server stops, then API calls go on under the per-process limit and sign-in answers a Spanish 503; once it is back, sign-in works and the counts reach the other process', async () => {
    const address = '198.51.100.7';
    await server.stop();
    try {
      for (let i = 0; i < MAX; i++) expect((await call(app, address)).statusCode).toBe(200);
      expect((await call(app, address)).statusCode).toBe(429);
      const refused = await login();
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({
        code: 'RATE_LIMIT_UNAVAILABLE',
        error: expect.stringMatching(/^No podemos atender/) as unknown,
      });
    } finally {
      await server.start();
    }
    await expect
      .poll(async () => (await login()).statusCode, { message: 'sign-in counted again', timeout: 15_000, interval: 200 })
      .toBe(401);
    // The other process has seen none of this address's calls: it learns them at its first flush.
    const { allowed } = await callsUntilRefused(() => call(other, address), 10_000);
    expect(allowed).toBeLessThan(MAX / 2);
    expect(fatal).toEqual([]);
  });
});
