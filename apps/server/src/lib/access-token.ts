import { type KeyObject, createSecretKey } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { LRUCache } from 'lru-cache';
import { ACCESS_TOKEN_TTL_SECONDS } from '@rankmaps/shared/constants';

const ISSUER = 'rankmaps';
const AUDIENCE = 'rankmaps-web';
/** Tokens whose signature was checked, kept until they expire; about 2.5 MB when full. */
const VERIFIED_LIMIT = 10_000;

/**
 * User ids and refresh-token family ids are UUIDs. A claim of any other shape can only come
 * from a token signed with our key by mistake (another tool, a test), and would reach a uuid
 * column as a database error (500); such a token is refused like any other invalid one.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a valid access token says. */
export interface AccessClaims {
  userId: string;
  /**
   * The refresh-token family (one sign-in) it was issued for, checked on every call so a
   * revoked session ends at once (plugins/auth.ts). null for tokens signed before the claim
   * existed: they are accepted until they expire, at most 15 minutes after the deploy.
   */
  sessionId: string | null;
  /**
   * The workspace the token acts in (`wid`). Tokens signed before workspaces existed carry
   * none and act in the user's own, which has the user's id (docs/decisions.md §30.1).
   */
  workspaceId: string;
}

/** Short-lived access JWT (docs/decisions.md §6). HS256 only: `alg: none` and others are refused. */
export class AccessTokens {
  /** Imported once: given raw bytes, jose imports the key again on every call. */
  private readonly key: KeyObject;
  /**
   * Token → its claims and expiry, for tokens this process has verified. Every API call checks
   * its token, and a signed-in page makes several calls with the same one: the HMAC and its
   * async crypto job were up to a quarter of a small route's CPU. Only the exact string that
   * passed verification is looked up, and its expiry is checked on every hit. Past the bound,
   * the token used longest ago is forgotten.
   */
  private readonly verified = new LRUCache<string, { claims: AccessClaims; exp: number }>({ max: VERIFIED_LIMIT });

  constructor(key: Uint8Array) {
    this.key = createSecretKey(key);
  }

  /**
   * The application always passes the session (refresh family) the token belongs to; the
   * id-only form, with no `sid`, serves tests and tools that need a
   * token for a user without signing in.
   */
  sign(userId: string, sessionId?: string, workspaceId?: string): Promise<string> {
    return new SignJWT({ ...(sessionId ? { sid: sessionId } : {}), ...(workspaceId && workspaceId !== userId ? { wid: workspaceId } : {}) })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
      .sign(this.key);
  }

  /** The user id, or null for any invalid, expired or foreign token. Does not check the session. */
  async verify(token: string): Promise<string | null> {
    return (await this.verifyClaims(token))?.userId ?? null;
  }

  /** The token's user and session, or null for any invalid, expired or foreign token. */
  async verifyClaims(token: string): Promise<AccessClaims | null> {
    const now = Date.now() / 1000;
    const known = this.verified.get(token);
    if (known) {
      if (known.exp > now) return known.claims;
      this.verified.delete(token);
      return null;
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
      if (typeof payload.sub !== 'string' || !UUID.test(payload.sub)) return null;
      const sid: unknown = payload.sid;
      if (sid !== undefined && (typeof sid !== 'string' || !UUID.test(sid))) return null;
      const wid: unknown = payload.wid;
      if (wid !== undefined && (typeof wid !== 'string' || !UUID.test(wid))) return null;
      const claims: AccessClaims = { userId: payload.sub, sessionId: sid ?? null, workspaceId: wid ?? payload.sub };
      if (typeof payload.exp === 'number' && payload.nbf === undefined) this.verified.set(token, { claims, exp: payload.exp });
      return claims;
    } catch {
      return null;
    }
  }
}
