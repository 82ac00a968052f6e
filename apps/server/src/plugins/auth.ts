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

/**
 * User ids are UUIDs. A subject of any other shape can only come from a token signed with
 * our key by mistake (another tool, a test), and would reach a uuid column as a database
 * error (500); it is refused like any other invalid token.
 */
const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('userId', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
    const userId = token ? await app.container.accessTokens.verify(token) : null;
    if (!userId || !USER_ID.test(userId)) throw unauthorized();
    request.userId = userId;
  });
});
