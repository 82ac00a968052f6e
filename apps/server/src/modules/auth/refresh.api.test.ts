import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { COOKIE_REFRESH, COOKIE_XSRF } from '@rankmaps/shared/constants';
import { createTestApp } from '../../../test/test-app';
import { refreshTokens } from '../../db/schema';
import { PASSWORD, type SessionCookies, cookieOf, createConfirmedUser, logIn, refresh, sessionHeaders, sessionOf } from '../../../test/sessions';
import { hashToken } from './tokens';

const XSRF_ERROR = 'Petición no válida. Recarga la página e inténtalo de nuevo.';

describe('POST /api/auth/refresh', async () => {
  const { app, container } = await createTestApp();
  const db = container.database.db;

  async function signIn(remember: boolean) {
    const { email } = await createConfirmedUser(app, container);
    return sessionOf(await logIn(app, { email, password: PASSWORD, remember }));
  }
  const rotated = (res: Awaited<ReturnType<typeof refresh>>, previous: SessionCookies): SessionCookies => ({
    refresh: cookieOf(res, COOKIE_REFRESH)!.value,
    xsrf: previous.xsrf,
  });

  it('when the cookie and XSRF header are right, then it answers a new access token and rotates the cookie', async () => {
    const session = await signIn(false);
    const res = await refresh(app, session);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accessToken: expect.any(String) });
    const next = cookieOf(res, COOKIE_REFRESH);
    expect(next?.value).not.toBe(session.refresh);
    expect(next).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    // A session sign-in stays a session cookie after rotation; the XSRF value is kept.
    expect(next?.maxAge).toBeUndefined();
    expect(cookieOf(res, COOKIE_XSRF)?.value).toBe(session.xsrf);
    const profile = await app.inject({ method: 'GET', url: '/api/user/profile', headers: { authorization: `Bearer ${res.json().accessToken}` } });
    expect(profile.statusCode).toBe(200);
  });

  it('when the sign-in was remembered, then the rotated cookies are persistent again', async () => {
    const session = await signIn(true);
    const res = await refresh(app, session);
    expect(res.statusCode).toBe(200);
    expect(cookieOf(res, COOKIE_REFRESH)?.maxAge).toBe(30 * 24 * 3600);
    expect(cookieOf(res, COOKIE_XSRF)?.maxAge).toBe(30 * 24 * 3600);
  });

  it('when the rotated token is refreshed in turn, then the chain keeps working', async () => {
    let session = await signIn(false);
    for (let i = 0; i < 3; i++) {
      const res = await refresh(app, session);
      expect(res.statusCode).toBe(200);
      session = rotated(res, session);
    }
  });

  it('when the X-XSRF-TOKEN header is missing, then it answers 403 and the token stays valid', async () => {
    const session = await signIn(false);
    const res = await app.inject({ method: 'POST', url: '/api/auth/refresh', headers: sessionHeaders(session, null) });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(XSRF_ERROR);
    expect((await refresh(app, session)).statusCode).toBe(200);
  });

  it('when the X-XSRF-TOKEN header does not match the cookie, then it answers 403', async () => {
    const session = await signIn(false);
    const res = await app.inject({ method: 'POST', url: '/api/auth/refresh', headers: sessionHeaders(session, `${session.xsrf.slice(1)}x`) });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(XSRF_ERROR);
  });

  it('when the XSRF cookie is missing although the header is sent, then it answers 403', async () => {
    const session = await signIn(false);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { cookie: `${COOKIE_REFRESH}=${session.refresh}`, 'x-xsrf-token': session.xsrf },
    });
    expect(res.statusCode).toBe(403);
  });

  it('when there is no refresh cookie, then it answers 401', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/refresh' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual(expect.any(String));
  });

  it('when the refresh token is unknown, then it answers 401 and clears the cookies', async () => {
    const res = await refresh(app, { refresh: 'B'.repeat(43), xsrf: 'x'.repeat(43) });
    expect(res.statusCode).toBe(401);
    const cleared = cookieOf(res, COOKIE_REFRESH);
    expect(cleared?.value).toBe('');
    expect(cleared?.path).toBe('/api/auth');
  });

  it('when the refresh token has expired, then it answers 401', async () => {
    const session = await signIn(true);
    await db.update(refreshTokens).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(refreshTokens.tokenHash, hashToken(session.refresh)));
    expect((await refresh(app, session)).statusCode).toBe(401);
  });

  it('when an already rotated token is presented again, then it answers 401 and the whole family is revoked', async () => {
    const session = await signIn(false);
    const first = await refresh(app, session);
    const next = rotated(first, session);
    const reuse = await refresh(app, session);
    expect(reuse.statusCode).toBe(401);
    // The token its legitimate holder received is dead too: the family is gone.
    expect((await refresh(app, next)).statusCode).toBe(401);
    const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashToken(next.refresh)));
    expect(row?.revokedAt).toBeInstanceOf(Date);
  });

  it('when a token is reused, then other sign-ins of the same user keep working', async () => {
    const { email } = await createConfirmedUser(app, container);
    const laptop = sessionOf(await logIn(app, { email, password: PASSWORD }));
    const phone = sessionOf(await logIn(app, { email, password: PASSWORD }));
    await refresh(app, laptop);
    expect((await refresh(app, laptop)).statusCode).toBe(401);
    expect((await refresh(app, phone)).statusCode).toBe(200);
  });

  it('when two refreshes with the same token race, then exactly one succeeds, and later use of it revokes the family', async () => {
    const session = await signIn(false);
    const results = await Promise.all([refresh(app, session), refresh(app, session)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    const winner = results.find((r) => r.statusCode === 200)!;
    const issued = rotated(winner, session);

    const later = await refresh(app, session);
    expect(later.statusCode).toBe(401);
    expect((await refresh(app, issued)).statusCode).toBe(401);
    const family = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashToken(issued.refresh)));
    expect(family[0]?.revokedAt).toBeInstanceOf(Date);
  });

  it('when a JSON body is sent, then it answers 400 (the endpoint takes none)', async () => {
    const session = await signIn(false);
    const res = await app.inject({ method: 'POST', url: '/api/auth/refresh', headers: sessionHeaders(session), payload: { foo: 1 } });
    expect(res.statusCode).toBe(400);
  });
});

describe('POST /api/auth/logout/', async () => {
  const { app, container } = await createTestApp();

  async function signIn() {
    const { email } = await createConfirmedUser(app, container);
    return { email, session: sessionOf(await logIn(app, { email, password: PASSWORD, remember: true })) };
  }

  it('when signed in, then it answers 200, revokes the family and clears both cookies', async () => {
    const { session } = await signIn();
    const res = await app.inject({ method: 'POST', url: '/api/auth/logout/', headers: sessionHeaders(session) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Sesión cerrada.' });
    expect(cookieOf(res, COOKIE_REFRESH)).toMatchObject({ value: '', path: '/api/auth' });
    expect(cookieOf(res, COOKIE_XSRF)).toMatchObject({ value: '', path: '/' });
    expect((await refresh(app, session)).statusCode).toBe(401);
  });

  it('when called without the trailing slash, then it works the same', async () => {
    const { session } = await signIn();
    const res = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: sessionHeaders(session) });
    expect(res.statusCode).toBe(200);
    expect((await refresh(app, session)).statusCode).toBe(401);
  });

  it('when there is no cookie, then it answers 200', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/logout/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Sesión cerrada.' });
  });

  it('when the refresh cookie comes without a matching XSRF header, then it answers 403 and the session survives', async () => {
    const { session } = await signIn();
    const res = await app.inject({ method: 'POST', url: '/api/auth/logout/', headers: sessionHeaders(session, 'forged') });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(XSRF_ERROR);
    expect((await refresh(app, session)).statusCode).toBe(200);
  });

  it('when one device logs out, then the other device stays signed in', async () => {
    const { email, session } = await signIn();
    const other = sessionOf(await logIn(app, { email, password: PASSWORD }));
    await app.inject({ method: 'POST', url: '/api/auth/logout/', headers: sessionHeaders(session) });
    expect((await refresh(app, other)).statusCode).toBe(200);
  });
});
