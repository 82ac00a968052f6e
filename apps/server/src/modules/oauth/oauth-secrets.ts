import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

// The secrets of the authorization server (docs/decisions.md §33.2): codes and tokens are 32
// random bytes with a prefix that says what they are; only their SHA-256 is stored. PKCE is
// S256 only (RFC 7636 section 4.6): BASE64URL(SHA-256(ASCII(code_verifier))) must equal the challenge.

export const ACCESS_TOKEN_PREFIX = 'rmo_at_';
export const REFRESH_TOKEN_PREFIX = 'rmo_rt_';
const CODE_PREFIX = 'rmo_ac_';

const secret = (prefix: string) => prefix + randomBytes(32).toString('base64url');

export const newAuthorizationCode = () => secret(CODE_PREFIX);
export const newAccessToken = () => secret(ACCESS_TOKEN_PREFIX);
export const newRefreshToken = () => secret(REFRESH_TOKEN_PREFIX);

export const hashSecret = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

/** RFC 7636 section 4.1: 43–128 characters of [A-Z a-z 0-9 - . _ ~]. */
export const CODE_VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
/** An S256 challenge: 32 bytes in base64url without padding. */
export const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

export function pkceMatches(verifier: string, challenge: string): boolean {
  if (!CODE_VERIFIER.test(verifier)) return false;
  const computed = Buffer.from(createHash('sha256').update(verifier, 'ascii').digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}
