import type { FastifyInstance, FastifyReply } from 'fastify';

// CORS for the endpoints a browser-based MCP client calls from its own origin (docs/api.md
// «OAuth 2.1 for /mcp», docs/decisions.md §33.9): the metadata, registration, token and
// revocation endpoints, and /mcp itself. Any origin, never credentials: these endpoints take no
// cookie — a bearer token or a PKCE-bound code travels in the request — so `*` opens nothing a
// script could not already do from a server. The consent screen and /oauth/authorize are pages
// the browser navigates to, not fetched, and get no CORS headers.

export const CORS_ALLOW_HEADERS = 'authorization, content-type, accept, mcp-protocol-version, mcp-session-id, last-event-id';
/** A browser client must read the 401's challenge (RFC 9728) to find the metadata. */
export const CORS_EXPOSE_HEADERS = 'www-authenticate, mcp-session-id, mcp-protocol-version, retry-after';
const PREFLIGHT_MAX_AGE_S = 86_400;

/** The OAuth endpoints a browser client fetches, and the methods each takes. */
export const OAUTH_CORS_PATHS: Record<string, string> = {
  '/.well-known/oauth-protected-resource': 'GET',
  '/.well-known/oauth-protected-resource/mcp': 'GET',
  '/.well-known/oauth-authorization-server': 'GET',
  '/oauth/register': 'POST',
  '/oauth/token': 'POST',
  '/oauth/revoke': 'POST',
};
export const MCP_CORS_PATHS: Record<string, string> = { '/mcp': 'POST, GET, DELETE' };
/** Every path that answers CORS; no other route of the app does (security/csrf.api.test.ts). */
export const CORS_PATHS: readonly string[] = [...Object.keys(OAUTH_CORS_PATHS), ...Object.keys(MCP_CORS_PATHS)];

/** The headers of a CORS answer (the preflight adds its own). */
export function corsHeaders(reply: FastifyReply): void {
  void reply.header('access-control-allow-origin', '*').header('access-control-expose-headers', CORS_EXPOSE_HEADERS);
}

/**
 * Answers the preflight (OPTIONS) of each path with 204 and the methods it takes, and adds the
 * CORS headers to every answer of the routes of this plugin scope (an encapsulated one).
 */
export function allowCors(app: FastifyInstance, paths: Record<string, string>): void {
  app.addHook('onRequest', async (_request, reply) => corsHeaders(reply));
  for (const [path, methods] of Object.entries(paths))
    app.options(path, { schema: { hide: true } }, async (_request, reply) =>
      reply
        .status(204)
        .header('access-control-allow-methods', `${methods}, OPTIONS`)
        .header('access-control-allow-headers', CORS_ALLOW_HEADERS)
        .header('access-control-max-age', String(PREFLIGHT_MAX_AGE_S))
        .send(),
    );
}
