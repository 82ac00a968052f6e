import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories';
import { createTestApp } from '../../test/test-app';
import { buildApp } from '../app';
import { ConfigError, loadConfig } from '../config';
import { refreshTokens, users } from '../db/schema';
import { SessionCheck } from '../lib/session-check';
import { refreshTokenRepository } from '../modules/auth/refresh-token.repository';
import { PASSWORD, type SessionCookies, createConfirmedUser, logIn, refresh, sessionHeaders, sessionOf } from '../../test/sessions';
import { hashToken } from '../modules/auth/tokens';
import { latestEmail, tokenFromLink } from '../../test/emails';

const SECRET = 'una-clave-de-pruebas-de-al-menos-32-caracteres';
const SESSION_INVALID = 'Sesión no válida o caducada.';
const NEW_PASSWORD = 'NuevaClave9?';

const sidOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { sid?: unknown }).sid;

/** The calls a signed-in browser makes, against one API process or another. */
function client(app: FastifyInstance) {
  const profile = (token: string, via = app) =>
    via.inject({ method: 'GET', url: '/api/user/profile', headers: { authorization: `Bearer ${token}` } });
  const logOut = (session: SessionCookies, via = app) => via.inject({ method: 'POST', url: '/api/auth/logout/', headers: sessionHeaders(session) });
  const signIn = async (email: string, password = PASSWORD) => {
    const res = await logIn(app, { email, password });
    if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
    return { accessToken: res.json().accessToken as string, session: sessionOf(res) };
  };
  return { profile, logOut, signIn };
}

describe('access tokens end with their session', async () => {
  const { app, container } = await createTestApp({ JWT_SECRET: SECRET });
  const db = container.database.db;
  const { profile, logOut, signIn } = client(app);
  const familyOf = async (session: SessionCookies) =>
    (await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashToken(session.refresh))))[0]!.familyId;
  const expectRefused = async (token: string) => {
    const res = await profile(token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: SESSION_INVALID });
  };

  it('when a token is issued by sign-up confirmation, sign-in or refresh, then its sid is the family of the refresh cookie issued with it', async () => {
    const confirmed = await createConfirmedUser(app, container);
    expect(sidOf(confirmed.accessToken)).toBe(await familyOf(confirmed.session));
    const signedIn = await signIn(confirmed.email);
    const family = await familyOf(signedIn.session);
    expect(sidOf(signedIn.accessToken)).toBe(family);
    expect(family).not.toBe(await familyOf(confirmed.session));
    const refreshed = await refresh(app, signedIn.session);
    expect(sidOf(refreshed.json().accessToken)).toBe(family);
  });

  it('when a session logs out, then its access token answers 401 at once, though this process had it cached as live', async () => {
    const { accessToken, session } = await createConfirmedUser(app, container);
    expect((await profile(accessToken)).statusCode).toBe(200);
    expect((await logOut(session)).statusCode).toBe(200);
    await expectRefused(accessToken);
  });

  it('when one session of a user logs out, then the access token of their other session keeps working', async () => {
    const { email, accessToken, session } = await createConfirmedUser(app, container);
    const phone = await signIn(email);
    expect((await profile(phone.accessToken)).statusCode).toBe(200);
    await logOut(session);
    await expectRefused(accessToken);
    expect((await profile(phone.accessToken)).statusCode).toBe(200);
  });

  it('when a rotated refresh token is reused, then every access token of that family answers 401, the newest included', async () => {
    const { email } = await createConfirmedUser(app, container);
    const laptop = await signIn(email);
    const other = await signIn(email);
    const rotated = await refresh(app, laptop.session);
    const newest = rotated.json().accessToken as string;
    expect((await profile(newest)).statusCode).toBe(200);
    expect((await refresh(app, laptop.session)).statusCode).toBe(401);
    await expectRefused(newest);
    await expectRefused(laptop.accessToken);
    expect((await profile(other.accessToken)).statusCode).toBe(200);
  });

  it('when the password is reset, then every access token issued before answers 401 and the new password signs in', async () => {
    const { email, accessToken } = await createConfirmedUser(app, container);
    const phone = await signIn(email);
    for (const token of [accessToken, phone.accessToken]) expect((await profile(token)).statusCode).toBe(200);
    await app.inject({ method: 'POST', url: '/api/auth/request-password-reset/user', payload: { email } });
    const link = tokenFromLink((await latestEmail(container, email, 'password-reset'))!.text, '/reset-password/');
    const reset = await app.inject({ method: 'POST', url: `/api/auth/reset-password/user/${link}`, payload: { newPassword: NEW_PASSWORD } });
    expect(reset.statusCode).toBe(200);
    await expectRefused(accessToken);
    await expectRefused(phone.accessToken);
    const fresh = await signIn(email, NEW_PASSWORD);
    expect((await profile(fresh.accessToken)).statusCode).toBe(200);
  });

  it('when a token has no sid (issued before sessions were checked), then it keeps working until it expires, even after its user logs out', async () => {
    const { email, session } = await createConfirmedUser(app, container);
    const [user] = await db.select().from(users).where(eq(users.email, email));
    const legacy = await container.accessTokens.sign(user!.id);
    expect(sidOf(legacy)).toBeUndefined();
    expect((await profile(legacy)).statusCode).toBe(200);
    await logOut(session);
    expect((await profile(legacy)).statusCode).toBe(200);
  });

  it('when a token signed with the right key names a session that is not a UUID, unknown, or another user’s, then it answers 401, never 500', async () => {
    const user = await buildUser(container);
    const stranger = await createConfirmedUser(app, container);
    const key = new TextEncoder().encode(SECRET);
    const sids: unknown[] = ['garbage', '', "' or 1=1 --", 'ffffffff-ffff-ffff-ffff-fffffffffffff', 42, null, { id: 1 }, randomUUID(), sidOf(stranger.accessToken)];
    for (const sid of sids) {
      const token = await new SignJWT({ sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setIssuer('rankmaps')
        .setAudience('rankmaps-web')
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(key);
      const res = await profile(token);
      expect(res.statusCode, JSON.stringify(sid)).toBe(401);
      expect(res.json().error).toBe(SESSION_INVALID);
    }
    // The stranger's own token, with the same sid, is unaffected.
    expect((await profile(stranger.accessToken)).statusCode).toBe(200);
  });

  it('when the account is deleted, then its access tokens answer 401 on routes that do not read the user row', async () => {
    const history = (token: string) => app.inject({ method: 'GET', url: '/api/payment/payment-history', headers: { authorization: `Bearer ${token}` } });
    const { email, accessToken } = await createConfirmedUser(app, container);
    // The route itself answers any live session without looking the user up.
    expect((await history((await createConfirmedUser(app, container)).accessToken)).statusCode).toBe(200);
    // No route deletes accounts: an administrator does, in the database.
    await db.delete(users).where(eq(users.email, email));
    // Its refresh families went with it (on delete cascade): the session is unknown.
    const res = await history(accessToken);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(SESSION_INVALID);
  });

  it('when a rotation raced a logout and left the newest refresh token unrevoked, then the family stays ended for refresh and access alike', async () => {
    const { email } = await createConfirmedUser(app, container);
    const laptop = await signIn(email);
    const rotated = await refresh(app, laptop.session);
    const next = { refresh: sessionOf(rotated).refresh, xsrf: laptop.session.xsrf };
    // What the race leaves: the older row revoked, the row inserted meanwhile not.
    await db.update(refreshTokens).set({ revokedAt: sql`now()` }).where(eq(refreshTokens.tokenHash, hashToken(laptop.session.refresh)));
    expect((await refresh(app, next)).statusCode).toBe(401);
    // Not cached yet in this process: the database's answer is what refuses it.
    await expectRefused(rotated.json().accessToken);
  });
});

describe('a session revoked by another API process', async () => {
  const TTL_MS = 30_000;
  const { app, container } = await createTestApp();
  const { profile, logOut, signIn } = client(app);
  // A second process on the same database: its own cache, on a clock the test moves.
  const clock = { now: Date.now() };
  const db = container.database.db;
  const second = await buildApp({
    ...container,
    sessions: new SessionCheck((id) => refreshTokenRepository.liveFamilyOwner(db, id), { ttlMs: TTL_MS, now: () => clock.now }),
  });
  await second.ready();
  afterAll(() => second.close());

  it('when the first process logs a session out, then it refuses at once and the second within its TTL, not before the TTL runs out', async () => {
    const { email, accessToken, session } = await createConfirmedUser(app, container);
    const other = await signIn(email);
    expect((await profile(accessToken, second)).statusCode).toBe(200);
    expect((await profile(other.accessToken, second)).statusCode).toBe(200);
    await logOut(session);
    expect((await profile(accessToken)).statusCode).toBe(401);
    clock.now += TTL_MS - 1;
    // The documented bound: the second process still trusts what it read.
    expect((await profile(accessToken, second)).statusCode).toBe(200);
    clock.now += 1;
    expect((await profile(accessToken, second)).statusCode).toBe(401);
    expect((await profile(other.accessToken, second)).statusCode).toBe(200);
  });

  it('when the second process logs a session out, then the second refuses at once', async () => {
    const { accessToken, session } = await createConfirmedUser(app, container);
    expect((await profile(accessToken, second)).statusCode).toBe(200);
    await logOut(session, second);
    expect((await profile(accessToken, second)).statusCode).toBe(401);
  });
});

describe('SESSION_CHECK_TTL_SECONDS', async () => {
  const { app, container } = await createTestApp({ SESSION_CHECK_TTL_SECONDS: '0' });
  const { profile } = client(app);

  it('when it is 0, then a revocation written by another process is seen on the very next call', async () => {
    const { accessToken, session } = await createConfirmedUser(app, container);
    expect((await profile(accessToken)).statusCode).toBe(200);
    const family = await refreshTokenRepository.findByHash(container.database.db, hashToken(session.refresh));
    await refreshTokenRepository.revokeFamily(container.database.db, family!.familyId);
    expect((await profile(accessToken)).statusCode).toBe(401);
  });

  it('when unset it is 30 seconds, and a negative, oversized or non-numeric value stops the process at start', () => {
    expect(loadConfig({}).sessionCheckTtlSeconds).toBe(30);
    expect(loadConfig({ SESSION_CHECK_TTL_SECONDS: '2.5' }).sessionCheckTtlSeconds).toBe(2.5);
    for (const bad of ['-1', '901', 'treinta']) expect(() => loadConfig({ SESSION_CHECK_TTL_SECONDS: bad }), bad).toThrow(ConfigError);
  });
});
