import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { COOKIE_REFRESH, COOKIE_XSRF } from '@rankmaps/shared/constants';
import { createTestApp } from '../../../test/test-app';
import { refreshTokens } from '../../db/schema';
import { PASSWORD, cookieOf, createConfirmedUser, logIn, signUpRequest } from '../../../test/sessions';
import { uniqueEmail } from '../../../test/factories';

const WRONG = { error: 'Email o contraseña incorrectos.' };

describe('POST /api/auth/login/user', async () => {
  const { app, container } = await createTestApp();
  const db = container.database.db;

  it('when the credentials are right and remember is off, then it answers the access token and session cookies', async () => {
    const { email } = await createConfirmedUser(app, container);
    const res = await logIn(app, { email, password: PASSWORD, remember: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accessToken: expect.any(String) });
    const refresh = cookieOf(res, COOKIE_REFRESH);
    const xsrf = cookieOf(res, COOKIE_XSRF);
    expect(refresh).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    expect(refresh?.secure).toBeUndefined();
    expect(refresh?.maxAge).toBeUndefined();
    expect(refresh?.expires).toBeUndefined();
    expect(xsrf).toMatchObject({ sameSite: 'Strict', path: '/' });
    expect(xsrf?.httpOnly).toBeUndefined();
    expect(xsrf?.maxAge).toBeUndefined();
    expect(xsrf?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // The session cookie is still bounded on the server: 24 hours.
    const [row] = await db.select().from(refreshTokens).orderBy(refreshTokens.createdAt).limit(1).where(eq(refreshTokens.persistent, false));
    const hours = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(24, 1);
  });

  it('when remember is on, then both cookies last 30 days and the refresh token is stored only hashed', async () => {
    const { email } = await createConfirmedUser(app, container);
    const res = await logIn(app, { email, password: PASSWORD, remember: true });
    expect(res.statusCode).toBe(200);
    expect(cookieOf(res, COOKIE_REFRESH)?.maxAge).toBe(30 * 24 * 3600);
    expect(cookieOf(res, COOKIE_XSRF)?.maxAge).toBe(30 * 24 * 3600);
    const token = cookieOf(res, COOKIE_REFRESH)!.value;
    const rows = await db.select().from(refreshTokens).where(eq(refreshTokens.persistent, true));
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });

  it('when the e-mail is typed in another case, then it still signs in', async () => {
    const { email } = await createConfirmedUser(app, container);
    const res = await logIn(app, { email: email.toUpperCase(), password: PASSWORD });
    expect(res.statusCode).toBe(200);
  });

  it('when the access token is used, then the profile answers for that user', async () => {
    const { email } = await createConfirmedUser(app, container);
    const res = await logIn(app, { email, password: PASSWORD });
    const profile = await app.inject({ method: 'GET', url: '/api/user/profile', headers: { authorization: `Bearer ${res.json().accessToken}` } });
    expect(profile.json().email).toBe(email);
  });

  it('when the password is wrong, then it answers 401 without cookies', async () => {
    const { email } = await createConfirmedUser(app, container);
    const res = await logIn(app, { email, password: 'Incorrecta1!' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject(WRONG);
    expect(cookieOf(res, COOKIE_REFRESH)).toBeUndefined();
  });

  it('when the e-mail is unknown, then it answers exactly as for a wrong password', async () => {
    const res = await logIn(app, { email: uniqueEmail('ghost'), password: PASSWORD });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ ...WRONG, code: 'INVALID_CREDENTIALS' });
  });

  it('when the e-mail is unknown, then refusing it takes about as long as a wrong password (dummy hash)', async () => {
    const { email } = await createConfirmedUser(app, container);
    const time = async (body: { email: string; password: string }) => {
      const started = performance.now();
      await logIn(app, body);
      return performance.now() - started;
    };
    await time({ email: uniqueEmail('warmup'), password: PASSWORD });
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      wrong.push(await time({ email, password: 'Incorrecta1!' }));
      unknown.push(await time({ email: uniqueEmail('ghost'), password: 'Incorrecta1!' }));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[1]!;
    // Without the dummy hash an unknown e-mail would take a few ms against tens for argon2.
    expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.4);
  });

  it('when the e-mail is not confirmed, then it answers 403 with errorType email_not_confirmed', async () => {
    const email = uniqueEmail();
    await signUpRequest(app, { email });
    const res = await logIn(app, { email, password: PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      error: 'Debes confirmar tu email antes de iniciar sesión. Revisa tu bandeja de entrada.',
      errorType: 'email_not_confirmed',
    });
    expect(cookieOf(res, COOKIE_REFRESH)).toBeUndefined();
  });

  it('when the e-mail is not confirmed and the password is wrong, then it answers 401 (nothing about the account leaks)', async () => {
    const email = uniqueEmail();
    await signUpRequest(app, { email });
    const res = await logIn(app, { email, password: 'Incorrecta1!' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject(WRONG);
  });

  it('when the password is missing, then it answers 400 in Spanish', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login/user', payload: { email: uniqueEmail() } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('La contraseña es obligatoria');
  });
});

describe('POST /api/auth/login/user in production', async () => {
  const { app, container } = await createTestApp({
    NODE_ENV: 'production',
    JWT_SECRET: 'x'.repeat(40),
    // The test database is passed in directly; production only insists that one is configured.
    DATABASE_URL: 'postgres://unused.invalid/db',
  });

  it('when signing in, then both cookies are Secure', async () => {
    const { email } = await createConfirmedUser(app, container);
    const res = await logIn(app, { email, password: PASSWORD, remember: true });
    expect(res.statusCode).toBe(200);
    expect(cookieOf(res, COOKIE_REFRESH)?.secure).toBe(true);
    expect(cookieOf(res, COOKIE_XSRF)?.secure).toBe(true);
  });
});
