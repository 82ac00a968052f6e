import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import type { Logger } from 'pino';

const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string | undefined;
}

export interface GoogleIdTokenVerifier {
  /** The identity in a valid Google ID token for our client, or null for anything else. */
  verify(idToken: string): Promise<GoogleIdentity | null>;
}

/**
 * Verifies Google ID tokens locally against Google's published keys (fetched once and cached
 * by jose): signature, audience (our client id), issuer, expiry, and a verified e-mail.
 */
export function createGoogleIdTokenVerifier(opts: { clientId: string; jwksUrl: string; log: Logger }): GoogleIdTokenVerifier {
  const keys = createRemoteJWKSet(new URL(opts.jwksUrl));
  return {
    async verify(idToken) {
      try {
        const { payload } = await jwtVerify(idToken, keys, {
          audience: opts.clientId,
          issuer: GOOGLE_ISSUERS,
          algorithms: ['RS256'],
          requiredClaims: ['exp', 'sub', 'email'],
        });
        // Google has sent the flag both as a boolean and as the string "true".
        const emailVerified = payload.email_verified === true || payload.email_verified === 'true';
        if (!emailVerified || typeof payload.sub !== 'string' || typeof payload.email !== 'string') return null;
        const name = typeof payload.name === 'string' && payload.name.trim() ? payload.name.trim() : undefined;
        return { sub: payload.sub, email: payload.email.trim().toLowerCase(), name };
      } catch (err) {
        // A bad token is the client's problem; failing to reach Google's keys is ours.
        if (!(err instanceof errors.JOSEError) || err instanceof errors.JWKSTimeout) opts.log.warn({ err }, 'google id token could not be checked');
        return null;
      }
    },
  };
}
