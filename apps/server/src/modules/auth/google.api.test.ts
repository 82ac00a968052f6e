import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { type CryptoKey, SignJWT, exportJWK, generateKeyPair } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { COOKIE_REFRESH } from '@rankmaps/shared/constants';
import { createTestApp } from '../../../test/test-app';
import { users } from '../../db/schema';
import { PASSWORD, cookieOf, createConfirmedUser, logIn, sessionHeaders, sessionOf, signUpRequest } from '../../../test/sessions';
import { uniqueEmail } from '../../../test/factories';

const CLIENT_ID = 'rankmaps-test.apps.googleusercontent.com';
const UNVERIFIED = 'No se pudo verificar tu cuenta de Google.';

// Google's keys, played by a local JWKS endpoint: tests never reach the internet.
const { publicKey, privateKey } = await generateKeyPair('RS256');
const stranger = await generateKeyPair('RS256');
const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
const jwks = createServer((_req, res) => {
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ keys: [jwk] }));
});
await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
const jwksUrl = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/oauth2/v3/certs`;
afterAll(() => new Promise<void>((resolve) => jwks.close(() => resolve())));

interface TokenOptions {
  sub?: string;
  email?: string;
  emailVerified?: unknown;
  name?: string;
  aud?: string;
  iss?: string;
  exp?: number | string;
  key?: CryptoKey;
}

function googleToken(o: TokenOptions = {}) {
  return new SignJWT({ email: o.email ?? uniqueEmail('g'), email_verified: o.emailVerified ?? true, name: o.name ?? 'Gema Google' })
    .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
    .setSubject(o.sub ?? `sub-${Math.random().toString(36).slice(2)}`)
    .setAudience(o.aud ?? CLIENT_ID)
    .setIssuer(o.iss ?? 'https://accounts.google.com')
    .setIssuedAt()
    .setExpirationTime(o.exp ?? '10m')
    .sign(o.key ?? privateKey);
}

describe('POST /api/auth/google/user', async () => {
  const { app, container } = await createTestApp({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: jwksUrl });
  const db = container.database.db;
  const google = async (o: TokenOptions = {}) =>
    app.inject({ method: 'POST', url: '/api/auth/google/user', payload: { token: await googleToken(o) } });
  const userByEmail = async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0];

  it('when the token is valid and the address is new, then it creates a confirmed account and signs in', async () => {
    const email = uniqueEmail('new');
    const res = await google({ email: email.toUpperCase(), sub: 'sub-new-1', name: 'Gema Google' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ accessToken: expect.any(String) });
    expect(cookieOf(res, COOKIE_REFRESH)?.httpOnly).toBe(true);
    expect(await userByEmail(email)).toMatchObject({ name: 'Gema Google', googleSub: 'sub-new-1', mailConfirmed: true, passwordHash: null });
  });

  it('when a Google session logs out, then its access token answers 401 at once', async () => {
    const res = await google({ sub: 'sub-logout' });
    const profile = () => app.inject({ method: 'GET', url: '/api/user/profile', headers: { authorization: `Bearer ${res.json().accessToken}` } });
    expect((await profile()).statusCode).toBe(200);
    await app.inject({ method: 'POST', url: '/api/auth/logout/', headers: sessionHeaders(sessionOf(res)) });
    expect((await profile()).statusCode).toBe(401);
  });

  it('when the same Google account signs in again, then it is the same user even if its e-mail changed', async () => {
    const email = uniqueEmail('again');
    await google({ email, sub: 'sub-again' });
    const res = await google({ email: uniqueEmail('renamed'), sub: 'sub-again' });
    expect(res.statusCode).toBe(200);
    const profile = await app.inject({ method: 'GET', url: '/api/user/profile', headers: { authorization: `Bearer ${res.json().accessToken}` } });
    expect(profile.json().email).toBe(email);
  });

  it('when a confirmed password account has the address, then Google is linked to it and the password keeps working', async () => {
    const { email } = await createConfirmedUser(app, container);
    const res = await google({ email, sub: 'sub-link' });
    expect(res.statusCode).toBe(200);
    expect(await userByEmail(email)).toMatchObject({ googleSub: 'sub-link' });
    expect((await logIn(app, { email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('when an unconfirmed account has the address, then Google confirms it and the unproven password is dropped', async () => {
    const email = uniqueEmail('squat');
    await signUpRequest(app, { email });
    const res = await google({ email, sub: 'sub-owner' });
    expect(res.statusCode).toBe(200);
    expect(await userByEmail(email)).toMatchObject({ googleSub: 'sub-owner', mailConfirmed: true, passwordHash: null });
    expect((await logIn(app, { email, password: PASSWORD })).statusCode).toBe(401);
  });

  it('when the address belongs to an account linked to another Google id, then it answers 401', async () => {
    const email = uniqueEmail('taken');
    await google({ email, sub: 'sub-first' });
    const res = await google({ email, sub: 'sub-second' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(UNVERIFIED);
  });

  it('when the same new Google account signs in twice at once, then one account is created', async () => {
    const email = uniqueEmail('race');
    const [a, b] = await Promise.all([google({ email, sub: 'sub-race' }), google({ email, sub: 'sub-race' })]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect((await db.select().from(users).where(eq(users.googleSub, 'sub-race'))).length).toBe(1);
  });

  const refused: [string, TokenOptions][] = [
    ['the audience is another client', { aud: 'someone-else.apps.googleusercontent.com' }],
    ['the issuer is not Google', { iss: 'https://evil.example.com' }],
    ['the token has expired', { exp: Math.floor(Date.now() / 1000) - 60 }],
    ['the e-mail is not verified', { emailVerified: false }],
    ['it is signed with a key Google did not publish', { key: stranger.privateKey }],
  ];
  it.each(refused)('when %s, then it answers 401 and creates nothing', async (_label, options) => {
    const email = uniqueEmail('refused');
    const res = await google({ ...options, email });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(UNVERIFIED);
    expect(cookieOf(res, COOKIE_REFRESH)).toBeUndefined();
    expect(await userByEmail(email)).toBeUndefined();
  });

  it('when the issuer is the bare accounts.google.com, then it is accepted', async () => {
    expect((await google({ iss: 'accounts.google.com' })).statusCode).toBe(200);
  });

  it('when the token is not a JWT at all, then it answers 401', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/google/user', payload: { token: 'not-a-jwt' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(UNVERIFIED);
  });
});

describe('POST /api/auth/google/user without GOOGLE_CLIENT_ID', async () => {
  const { app } = await createTestApp();

  it('when Google sign-in is not configured, then it answers 404 in Spanish', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/google/user', payload: { token: await googleToken() } });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('El inicio de sesión con Google no está disponible.');
  });
});
