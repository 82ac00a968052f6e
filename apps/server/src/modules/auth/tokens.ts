import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random secret for a link or cookie: 32 bytes, URL-safe (43 characters). */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * What the database keeps instead of the token. The tokens carry 256 bits of randomness,
 * so a plain SHA-256 is enough (no salt or slow hash needed), and a leaked table cannot be
 * replayed as cookies or links.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Constant-time comparison, so the XSRF check does not leak how many characters matched. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}
