import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';
import { buildApp } from '../app';
import { createContainer } from '../container';
import { openPostgres } from '../db/client';
import { PASSWORD, type SessionCookies, createConfirmedUser, logIn, sessionHeaders } from '../../test/sessions';
import { latestEmail, tokenFromLink } from '../../test/emails';

const TTL_SECONDS = 1;
/** Time for a request or two on a busy test machine, on top of the TTL. */
const SLACK_MS = 2_000;

// Two real API processes' worth of state: each its own container (pool, caches, queue client)
// on one PostgreSQL database, as in production. PostgreSQL only (vitest.config.ts).
describe('a session revoked through one API process, seen by another', async () => {
  const { app, container, databaseUrl } = await createTestApp({ SESSION_CHECK_TTL_SECONDS: String(TTL_SECONDS) });
  const otherDatabase = await openPostgres(databaseUrl!, 2);
  const otherContainer = await createContainer(container.config, container.log, { database: otherDatabase });
  const other = await buildApp(otherContainer);
  await other.ready();
  // Registered after createTestApp's, so it runs first: the database is dropped last.
  afterAll(async () => {
    await other.close();
    await otherContainer.close();
  });

  const status = async (via: FastifyInstance, token: string) =>
    (await via.inject({ method: 'GET', url: '/api/user/profile', headers: { authorization: `Bearer ${token}` } })).statusCode;
  /** Milliseconds until `via` refuses the token, failing past the TTL and some slack. */
  const msUntilRefused = async (via: FastifyInstance, token: string, from: number) => {
    const timeout = Math.max(0, from + TTL_SECONDS * 1000 + SLACK_MS - Date.now());
    await expect.poll(() => status(via, token), { message: 'the other process still accepts the token', timeout, interval: 50 }).toBe(401);
    return Date.now() - from;
  };
  const logOut = (via: FastifyInstance, session: SessionCookies) =>
    via.inject({ method: 'POST', url: '/api/auth/logout/', headers: sessionHeaders(session) });

  it('when a session logs out through the first process, then the first refuses its token at once and the second within the TTL', async () => {
    const { email, accessToken, session } = await createConfirmedUser(app, container);
    const phone = (await logIn(app, { email, password: PASSWORD })).json().accessToken as string;
    expect(await status(other, accessToken)).toBe(200);
    expect(await status(other, phone)).toBe(200);
    const loggedOutAt = Date.now();
    expect((await logOut(app, session)).statusCode).toBe(200);
    expect(await status(app, accessToken)).toBe(401);
    expect(await msUntilRefused(other, accessToken, loggedOutAt)).toBeLessThanOrEqual(TTL_SECONDS * 1000 + SLACK_MS);
    expect(await status(other, phone)).toBe(200);
  });

  it('when the password is reset through the second process, then the first refuses every older token within the TTL', async () => {
    const { email, accessToken } = await createConfirmedUser(app, container);
    const phone = (await logIn(app, { email, password: PASSWORD })).json().accessToken as string;
    expect(await status(app, accessToken)).toBe(200);
    expect(await status(app, phone)).toBe(200);
    await other.inject({ method: 'POST', url: '/api/auth/request-password-reset/user', payload: { email } });
    const link = tokenFromLink((await latestEmail(container, email, 'password-reset'))!.text, '/reset-password/');
    const resetAt = Date.now();
    const reset = await other.inject({ method: 'POST', url: `/api/auth/reset-password/user/${link}`, payload: { newPassword: 'NuevaClave9?' } });
    expect(reset.statusCode).toBe(200);
    expect(await status(other, accessToken)).toBe(401);
    await msUntilRefused(app, accessToken, resetAt);
    await msUntilRefused(app, phone, resetAt);
  });
});
