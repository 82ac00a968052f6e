import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Container } from '../container';
import { AppError } from '../errors';
import { authenticateApiKey } from '../modules/api-v1/api-key-auth';
import { limitPerApiKey, limitPerCredential } from '../modules/api-v1/api-v1-rate-limit';
import { type OAuthCaller, TOKEN_REFUSALS, isOAuthAccessToken, verifyAccessToken } from '../modules/oauth/oauth-access';
import { oauthRepository } from '../modules/oauth/oauth.repository';
import { oauthUrls } from '../modules/oauth/oauth-urls';

// Who may call /mcp (docs/decisions.md §33.2): an OAuth access token issued by RankMaps for this
// resource (rmo_at_…), or an API key exactly as before (rmk_…, docs/decisions.md §26.1). Every
// 401 carries the RFC 9728 challenge that sends an MCP client to the Protected Resource
// Metadata, with error="invalid_token" when a credential was sent and refused (RFC 6750 section 3.1).

declare module 'fastify' {
  interface FastifyRequest {
    /** The OAuth grant a /mcp call acts through; null for an API key. */
    oauth: OAuthCaller | null;
  }
}

export const TOO_MANY_OAUTH_CALLS = 'Has superado el límite de peticiones de esta aplicación conectada. Espera al siguiente minuto.';
const LAST_USE_EVERY_MS = 60_000;

const bearerOf = (request: FastifyRequest) => {
  const header = request.headers.authorization ?? '';
  return header.startsWith('Bearer ') ? header.slice(7).trim() : '';
};

/** The WWW-Authenticate of a 401 from /mcp. */
export function mcpChallenge(container: Pick<Container, 'config'>, request: FastifyRequest): string {
  const metadata = `resource_metadata="${oauthUrls(container.config).resourceMetadata}"`;
  return bearerOf(request) ? `Bearer error="invalid_token", ${metadata}` : `Bearer ${metadata}`;
}

export async function authenticateMcp(container: Pick<Container, 'database' | 'config'>, request: FastifyRequest): Promise<void> {
  const token = bearerOf(request);
  if (!isOAuthAccessToken(token)) return authenticateApiKey(container, request);
  const verified = await verifyAccessToken(container, token);
  if ('refused' in verified) throw new AppError('INVALID_TOKEN', TOKEN_REFUSALS[verified.refused], 401);
  const { caller } = verified;
  request.oauth = caller;
  request.userId = caller.userId;
  request.workspace = { id: caller.workspaceId, role: caller.role, clientIds: caller.clientIds, actorId: caller.userId };
}

/** The per-minute limit: per key for a key (shared with /api/v1), per grant for an OAuth token. */
export function limitMcpCalls(app: FastifyInstance, max: number) {
  const perKey = limitPerApiKey(app, max);
  const perGrant = limitPerCredential(app, max, 'mcp-oauth', (request) => request.oauth?.grantId, TOO_MANY_OAUTH_CALLS);
  return async (request: FastifyRequest, reply: FastifyReply) => (request.oauth ? perGrant(request, reply) : perKey(request, reply));
}

/** Stamps a grant's last use after an answered call, at most once a minute, as keys are. */
export async function recordGrantUse(container: Pick<Container, 'database'>, request: FastifyRequest, status: number, now = new Date()): Promise<void> {
  const grant = request.oauth;
  if (!grant || status >= 400) return;
  if (!grant.lastUsedAt || now.getTime() - grant.lastUsedAt.getTime() >= LAST_USE_EVERY_MS) await oauthRepository.touchGrant(container.database.db, grant.grantId, now);
}
