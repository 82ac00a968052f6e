import { describe, expect, it } from 'vitest';
import { OAuthStateSigner } from './oauth-state';
import { TokenCipher, TokenDecryptError, tokenKey } from './token-cipher';

describe('GBP token encryption (AES-256-GCM)', () => {
  const cipher = new TokenCipher(tokenKey(Buffer.alloc(32, 3).toString('base64'), 'unused'));

  it('when a token is encrypted, then the stored text hides it and decrypts back with the same context', () => {
    const stored = cipher.encrypt('ya29.secret-access', 'user-1:access');
    expect(stored).not.toContain('ya29');
    expect(stored).toMatch(/^v1\./);
    expect(cipher.encrypt('ya29.secret-access', 'user-1:access')).not.toBe(stored);
    expect(cipher.decrypt(stored, 'user-1:access')).toBe('ya29.secret-access');
  });

  it('when the ciphertext is moved to another row, tampered with or read with another key, then it does not decrypt', () => {
    const stored = cipher.encrypt('ya29.secret-access', 'user-1:access');
    expect(() => cipher.decrypt(stored, 'user-2:access')).toThrow(TokenDecryptError);
    const [v, iv, tag, data] = stored.split('.');
    const flipped = `${data!.startsWith('A') ? 'B' : 'A'}${data!.slice(1)}`;
    expect(() => cipher.decrypt([v, iv, tag, flipped].join('.'), 'user-1:access')).toThrow(TokenDecryptError);
    expect(() => new TokenCipher(tokenKey(undefined, 'x'.repeat(48))).decrypt(stored, 'user-1:access')).toThrow(TokenDecryptError);
    expect(() => cipher.decrypt('plain-text', 'user-1:access')).toThrow(TokenDecryptError);
  });

  it('when no key is configured (demo), then one is derived from the JWT secret, stable and 32 bytes', () => {
    expect(tokenKey(undefined, 'a'.repeat(48))).toHaveLength(32);
    expect(tokenKey(undefined, 'a'.repeat(48)).equals(tokenKey(undefined, 'a'.repeat(48)))).toBe(true);
    expect(tokenKey(undefined, 'a'.repeat(48)).equals(tokenKey(undefined, 'b'.repeat(48)))).toBe(false);
  });
});

describe('GBP OAuth state', () => {
  const signer = new OAuthStateSigner('s'.repeat(48));
  const state = { userId: 'u-1', nonce: 'n-1', redirectAfter: '/estadisticas' };

  it('when a state is signed, then it verifies to the same user, nonce and path', async () => {
    const token = await signer.sign(state, new Date(Date.now() + 60_000));
    expect(await signer.verify(token)).toEqual({ ok: true, ...state });
  });

  it('when a state is expired, tampered with or signed with another secret, then it is refused', async () => {
    const expired = await signer.sign(state, new Date(Date.now() - 1000));
    expect(await signer.verify(expired)).toEqual({ ok: false, reason: 'expired', redirectAfter: '/estadisticas' });
    const token = await signer.sign(state, new Date(Date.now() + 60_000));
    const [h, p, s] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), sub: 'u-2' })).toString('base64url');
    expect(await signer.verify([h, forged, s].join('.'))).toEqual({ ok: false, reason: 'invalid' });
    expect(await new OAuthStateSigner('t'.repeat(48)).verify(token)).toEqual({ ok: false, reason: 'invalid' });
    expect(await signer.verify('garbage')).toEqual({ ok: false, reason: 'invalid' });
  });
});
