import { type KeyObject, createSecretKey } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS } from '@rankmaps/shared/constants';

const ISSUER = 'rankmaps';
const AUDIENCE = 'rankmaps-web';
/** Tokens whose signature was checked, kept until they expire; about 2.5 MB when full. */
const VERIFIED_LIMIT = 10_000;

/** Short-lived access JWT (decisions.md §6). HS256 only: `alg: none` and others are refused. */
export class AccessTokens {
  /** Imported once: given raw bytes, jose imports the key again on every call. */
  private readonly key: KeyObject;
  /**
   * Token → its user and expiry, for tokens this process has verified. Every API call checks
   * its token, and a signed-in page makes several calls with the same one: the HMAC and its
   * async crypto job were up to a quarter of a small route's CPU. Only the exact string that
   * passed verification is looked up, and its expiry is checked on every hit.
   */
  private readonly verified = new Map<string, { sub: string; exp: number }>();

  constructor(key: Uint8Array) {
    this.key = createSecretKey(key);
  }

  sign(userId: string): Promise<string> {
    return new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
      .sign(this.key);
  }

  /** The user id, or null for any invalid, expired or foreign token. */
  async verify(token: string): Promise<string | null> {
    const now = Date.now() / 1000;
    const known = this.verified.get(token);
    if (known) {
      if (known.exp > now) return known.sub;
      this.verified.delete(token);
      return null;
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
      if (typeof payload.sub !== 'string') return null;
      if (typeof payload.exp === 'number' && payload.nbf === undefined) this.remember(token, payload.sub, payload.exp);
      return payload.sub;
    } catch {
      return null;
    }
  }

  private remember(token: string, sub: string, exp: number): void {
    if (this.verified.size >= VERIFIED_LIMIT) this.verified.clear();
    this.verified.set(token, { sub, exp });
  }
}
