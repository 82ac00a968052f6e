import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.authenticate` for protected routes. */
    userId: string | null;
  }
  interface FastifyInstance {
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}

/** Reads the id of the signed-in user; throws 401 on a missing or bad token. */
export function requireUserId(request: FastifyRequest): string {
  if (!request.userId) throw unauthorized();
  return request.userId;
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('userId', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
    // Claims of any unexpected shape (a sub or sid that is not a UUID) come back as null.
    const claims = token ? await app.container.accessTokens.verifyClaims(token) : null;
    if (!claims) throw unauthorized();
    // The session must still be live and the token's user's: logout, refresh-token reuse and a
    // password reset revoke it. A Map hit almost always (lib/session-check.ts). Tokens without a
    // session were signed before the claim existed and expire within 15 minutes of the deploy.
    if (claims.sessionId !== null && (await app.container.sessions.ownerOf(claims.sessionId)) !== claims.userId) throw unauthorized();
    request.userId = claims.userId;
  });
});
