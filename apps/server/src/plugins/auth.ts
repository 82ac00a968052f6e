import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { WorkspaceRole } from '@rankmaps/shared/permissions';
import { forbidden, unauthorized } from '../errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.authenticate` for protected routes. */
    userId: string | null;
    /**
     * The workspace the call acts in, with the caller's role there (docs/decisions.md §30.1).
     * Set by `app.authenticate`, or by the API-key and MCP hooks (the key's workspace). null
     * for a person who belongs to no workspace.
     */
    workspace: RequestWorkspace | null;
  }
  interface FastifyInstance {
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}

export interface RequestWorkspace {
  id: string;
  role: WorkspaceRole;
  /** The clients a Miembro or Cliente is assigned; empty and unused for the other roles. */
  clientIds: readonly string[];
  /** Who acts: the person signed in, or the creator of the API key. */
  actorId: string;
}

/** The workspace a route acts in; 403 for a person who belongs to none (removed from every one). */
export function requireWorkspace(request: FastifyRequest): RequestWorkspace {
  if (!request.userId) throw unauthorized();
  if (!request.workspace) throw forbidden('No perteneces a ningún espacio de trabajo.', 'NO_WORKSPACE');
  return request.workspace;
}

/** Reads the id of the signed-in user; throws 401 on a missing or bad token. */
export function requireUserId(request: FastifyRequest): string {
  if (!request.userId) throw unauthorized();
  return request.userId;
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('userId', null);
  app.decorateRequest('workspace', null);
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
    // The workspace, role and clients, cached like the session: a member removed or given a
    // lower role is refused within the same TTL (docs/decisions.md §30.4). A token for a
    // workspace the person has left is refused, so the web app refreshes into one they are in.
    const membership = await app.container.memberships.of(claims.workspaceId, claims.userId);
    if (!membership && claims.workspaceId !== claims.userId) throw unauthorized();
    request.userId = claims.userId;
    request.workspace = membership ? { id: claims.workspaceId, role: membership.role, clientIds: membership.clientIds, actorId: claims.userId } : null;
  });
});
