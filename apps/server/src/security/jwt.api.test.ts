import { generateKeyPairSync } from 'node:crypto';
import { SignJWT, UnsecuredJWT, base64url } from 'jose';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS } from '@rankmaps/shared/constants';
import { buildUser } from '../../test/factories';
import { createTestApp } from '../../test/test-app';

const SECRET = 'una-clave-de-pruebas-de-al-menos-32-caracteres';
const key = new TextEncoder().encode(SECRET);
const SESSION_INVALID = 'Sesión no válida o caducada.';

/** The claims the API issues, so each case below changes exactly one thing. */
function claims(sub: string) {
  return new SignJWT({}).setSubject(sub).setIssuer('rankmaps').setAudience('rankmaps-web').setIssuedAt();
}
const partOf = (token: string, i: number) =>
  JSON.parse(Buffer.from(token.split('.')[i]!, 'base64url').toString('utf8')) as Record<string, unknown>;

describe('access token verification (JWT)', async () => {
  const { app, container } = await createTestApp({ JWT_SECRET: SECRET });
  const user = await buildUser(container);
  const profile = (token: string) => app.inject({ method: 'GET', url: '/api/user/profile', headers: { authorization: `Bearer ${token}` } });

  it('when the API signs a token, then it is HS256 with issuer, audience and a 15-minute expiry, and the profile accepts it', async () => {
    const token = await container.accessTokens.sign(user.id);
    expect(partOf(token, 0)).toMatchObject({ alg: 'HS256' });
    const payload = partOf(token, 1) as { exp: number; iat: number; iss: string; aud: string; sub: string };
    expect(payload).toMatchObject({ iss: 'rankmaps', aud: 'rankmaps-web', sub: user.id });
    expect(payload.exp - payload.iat).toBe(ACCESS_TOKEN_TTL_SECONDS);
    expect((await profile(token)).statusCode).toBe(200);
  });

  // A valid token with one thing wrong each: every one must be refused the same way.
  const forged: [string, () => Promise<string>][] = [
    [
      'alg "none" (unsigned)',
      async () =>
        new UnsecuredJWT({})
          .setSubject(user.id)
          .setIssuer('rankmaps')
          .setAudience('rankmaps-web')
          .setIssuedAt()
          .setExpirationTime('5m')
          .encode(),
    ],
    [
      'alg "none" with the signature of a real token kept',
      async () => {
        const real = await container.accessTokens.sign(user.id);
        const [, payload, signature] = real.split('.');
        return `${base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${payload}.${signature}`;
      },
    ],
    [
      'a wrong key',
      async () =>
        claims(user.id)
          .setProtectedHeader({ alg: 'HS256' })
          .setExpirationTime('5m')
          .sign(new TextEncoder().encode('otra-clave-distinta-de-al-menos-32-caracteres')),
    ],
    [
      'the right key under HS512 (algorithm not pinned)',
      async () => claims(user.id).setProtectedHeader({ alg: 'HS512' }).setExpirationTime('5m').sign(key),
    ],
    [
      'RS256 signed with an attacker key pair (HS/RS confusion)',
      async () => {
        const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
        return claims(user.id).setProtectedHeader({ alg: 'RS256' }).setExpirationTime('5m').sign(privateKey);
      },
    ],
    [
      'a header claiming RS256 over an HMAC signature made with the secret',
      async () => {
        const real = await claims(user.id).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('5m').sign(key);
        const [, payload, signature] = real.split('.');
        return `${base64url.encode(JSON.stringify({ alg: 'RS256', typ: 'JWT' }))}.${payload}.${signature}`;
      },
    ],
    [
      'an expiry in the past',
      async () =>
        claims(user.id)
          .setProtectedHeader({ alg: 'HS256' })
          .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
          .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
          .sign(key),
    ],
    [
      'a not-before in the future',
      async () => claims(user.id).setProtectedHeader({ alg: 'HS256' }).setNotBefore('10m').setExpirationTime('20m').sign(key),
    ],
    [
      'another issuer',
      async () => claims(user.id).setIssuer('someone-else').setProtectedHeader({ alg: 'HS256' }).setExpirationTime('5m').sign(key),
    ],
    [
      'another audience',
      async () => claims(user.id).setAudience('another-app').setProtectedHeader({ alg: 'HS256' }).setExpirationTime('5m').sign(key),
    ],
    [
      'a payload edited after signing (another user id)',
      async () => {
        const real = await container.accessTokens.sign(user.id);
        const [header, , signature] = real.split('.');
        const other = await buildUser(container);
        const payload = base64url.encode(
          JSON.stringify({ sub: other.id, iss: 'rankmaps', aud: 'rankmaps-web', iat: 1, exp: 9_999_999_999 }),
        );
        return `${header}.${payload}.${signature}`;
      },
    ],
    [
      'no subject',
      async () =>
        new SignJWT({})
          .setIssuer('rankmaps')
          .setAudience('rankmaps-web')
          .setProtectedHeader({ alg: 'HS256' })
          .setExpirationTime('5m')
          .sign(key),
    ],
    ['garbage', async () => 'garbage'],
    ['three empty parts', async () => '..'],
    ['base64 noise in three parts', async () => `${base64url.encode('{"alg":')}.${base64url.encode('\u0000\u0001')}.x`],
  ];

  it.each(forged)('when the token has %s, then the API answers 401 in Spanish', async (_label, make) => {
    const res = await profile(await make());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: SESSION_INVALID });
  });

  it('when the header is not "Bearer <token>", then it answers 401', async () => {
    const token = await container.accessTokens.sign(user.id);
    for (const authorization of [token, `Basic ${token}`, `bearer${token}`, 'Bearer ', `Bearer ${token}x`]) {
      const res = await app.inject({ method: 'GET', url: '/api/user/profile', headers: { authorization } });
      expect(res.statusCode, authorization.slice(0, 12)).toBe(401);
    }
  });

  it('when a correctly signed token names a subject that is not a user id, then protected routes answer 401, never 500', async () => {
    for (const sub of ['not-a-uuid', "' or 1=1 --", '00000000-0000-0000-0000-000000000000']) {
      const token = await claims(sub).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('5m').sign(key);
      const res = await profile(token);
      expect(res.statusCode, sub).toBe(401);
      expect(res.json().error).toBe(SESSION_INVALID);
    }
  });
});
