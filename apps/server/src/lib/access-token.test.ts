import { randomBytes, randomUUID } from 'node:crypto';
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
});
