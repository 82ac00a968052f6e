import { createSecretKey, randomBytes, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS } from '@rankmaps/shared/constants';
import { AccessTokens } from './access-token';

describe('AccessTokens', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('when a token is checked again, then it is still its user’s until it expires, and refused after', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
    const tokens = new AccessTokens(randomBytes(32));
    const userId = randomUUID();
    const token = await tokens.sign(userId);
    expect(await tokens.verify(token)).toBe(userId);
    expect(await tokens.verify(token)).toBe(userId);
    vi.setSystemTime(new Date(Date.parse('2026-11-22T10:00:00Z') + ACCESS_TOKEN_TTL_SECONDS * 1000 + 1000));
    expect(await tokens.verify(token)).toBeNull();
    expect(await tokens.verify(token)).toBeNull();
  });

  it('when a verified token is altered by one character, or signed with another key, then it is refused', async () => {
    const tokens = new AccessTokens(randomBytes(32));
    const token = await tokens.sign(randomUUID());
    expect(await tokens.verify(token)).not.toBeNull();
    // A character inside the signature (the last one's low bits are padding).
    const i = token.length - 10;
    const altered = token.slice(0, i) + (token[i] === 'A' ? 'Q' : 'A') + token.slice(i + 1);
    expect(await tokens.verify(altered)).toBeNull();
    expect(await new AccessTokens(randomBytes(32)).verify(token)).toBeNull();
  });

  it('when a token is signed for a session, then verification gives back its user and session, and a token without one is a legacy token', async () => {
    const tokens = new AccessTokens(randomBytes(32));
    const [userId, sessionId] = [randomUUID(), randomUUID()];
    const token = await tokens.sign(userId, sessionId);
    expect(await tokens.verifyClaims(token)).toEqual({ userId, sessionId, workspaceId: userId });
    // Again, from the per-token cache.
    expect(await tokens.verifyClaims(token)).toEqual({ userId, sessionId, workspaceId: userId });
    expect(await tokens.verify(token)).toBe(userId);
    expect(await tokens.verifyClaims(await tokens.sign(userId))).toEqual({ userId, sessionId: null, workspaceId: userId });
  });

  it('when a token is signed for another workspace, then it carries that workspace, and its own workspace is left out of the token', async () => {
    const tokens = new AccessTokens(randomBytes(32));
    const [userId, sessionId, workspaceId] = [randomUUID(), randomUUID(), randomUUID()];
    expect(await tokens.verifyClaims(await tokens.sign(userId, sessionId, workspaceId))).toEqual({ userId, sessionId, workspaceId });
    const own = await tokens.sign(userId, sessionId, userId);
    expect(JSON.parse(Buffer.from(own.split('.')[1]!, 'base64url').toString())).not.toHaveProperty('wid');
  });

  it('when a correctly signed token carries a wid that is not a UUID, then it is refused', async () => {
    const secret = randomBytes(32);
    const tokens = new AccessTokens(secret);
    for (const wid of ['not-a-uuid', '', 7, ['x']]) {
      const token = await signedWithOurKey(secret, { wid });
      expect(await tokens.verifyClaims(token), JSON.stringify(wid)).toBeNull();
    }
  });

  it('when a correctly signed token carries a sid that is not a UUID, then it is refused', async () => {
    const secret = randomBytes(32);
    const tokens = new AccessTokens(secret);
    for (const sid of ['not-a-uuid', '', 42, null, ["' or 1=1 --"]]) {
      const token = await signedWithOurKey(secret, { sid });
      expect(await tokens.verifyClaims(token), JSON.stringify(sid)).toBeNull();
    }
  });
});

/** A token signed with the server's key and issuer, as our own, carrying the claims given. */
function signedWithOurKey(secret: Uint8Array, claims: Record<string, unknown>): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject(randomUUID()).setIssuer('rankmaps').setAudience('rankmaps-web').setExpirationTime('5m').sign(createSecretKey(secret));
}
