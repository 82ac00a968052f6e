import { hkdfSync } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';

// The OAuth `state`: a short JWT (HS256, 10 minutes) naming the user, a single-use nonce and
// where to send the browser back. It is signed with a key derived from the JWT secret for this
// purpose alone, and its audience differs from the access tokens', so neither passes for the other.

export const OAUTH_STATE_TTL_SECONDS = 600;
const ISSUER = 'rankmaps';
const AUDIENCE = 'rankmaps-gbp-oauth-state';

export interface OAuthState {
  userId: string;
  nonce: string;
  redirectAfter: string;
}

export type VerifiedState = ({ ok: true } & OAuthState) | { ok: false; reason: 'invalid' | 'expired'; redirectAfter?: string };

export class OAuthStateSigner {
  private readonly key: Uint8Array;

  constructor(jwtSecret: string) {
    this.key = new Uint8Array(hkdfSync('sha256', jwtSecret, 'rankmaps', 'gbp-oauth-state-v1', 32));
  }

  sign(state: OAuthState, expiresAt: Date): Promise<string> {
    return new SignJWT({ nonce: state.nonce, ra: state.redirectAfter })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(state.userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
  }

  /** Checks signature, audience and expiry. An expired but authentic state still says where to go back. */
  async verify(token: string): Promise<VerifiedState> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
      const { sub, nonce, ra } = payload;
      if (typeof sub !== 'string' || typeof nonce !== 'string' || typeof ra !== 'string') return { ok: false, reason: 'invalid' };
      return { ok: true, userId: sub, nonce, redirectAfter: ra };
    } catch (err) {
      // jose checks the signature before the claims, so an expired token's payload is authentic.
      if (err instanceof errors.JWTExpired && typeof err.payload.ra === 'string') return { ok: false, reason: 'expired', redirectAfter: err.payload.ra };
      return { ok: false, reason: 'invalid' };
    }
  }
}
