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
    const userId = token ? await app.container.accessTokens.verify(token) : null;
    if (!userId) throw unauthorized();
    request.userId = userId;
  });
});
