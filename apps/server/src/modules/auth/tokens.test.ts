import { describe, expect, it } from 'vitest';
import { generateToken, hashToken, safeEqual } from './tokens';

describe('tokens', () => {
  it('when a token is generated, then it is 32 random bytes in base64url', () => {
    const a = generateToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expect(generateToken()).not.toBe(a);
  });

  it('when a token is hashed, then it gives the SHA-256 hex digest, stable and distinct per token', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hashToken('abc')).toBe(hashToken('abc'));
    expect(hashToken('abd')).not.toBe(hashToken('abc'));
  });

  it('when two strings are compared in constant time, then only identical ones match', () => {
    expect(safeEqual('same', 'same')).toBe(true);
    expect(safeEqual('same', 'Same')).toBe(false);
    expect(safeEqual('short', 'longer')).toBe(false);
    expect(safeEqual('', 'x')).toBe(false);
  });
});
