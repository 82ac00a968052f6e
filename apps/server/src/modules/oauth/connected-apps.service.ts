import type { ConnectedAppList, OAuthAuthorizationParams, RevokedConnectedApp } from '@rankmaps/shared/schemas/oauth';
import type { Container } from '../../container';
import { badRequest, notFound } from '../../errors';
import { isUuid } from '../../lib/uuid';
import { type AuthorizationRequest, checkAuthorizationRequest } from './oauth-authorize.service';
import { oauthRepository } from './oauth.repository';

// «Aplicaciones conectadas» (docs/decisions.md §33.4) and the consent API's check of the
// parameters the browser brings back.

export const CONNECTED_APP_NOT_FOUND = 'Aplicación conectada no encontrada.';
export const WORKSPACE_NOT_FOUND = 'Espacio de trabajo no encontrado.';

/** The checked authorization request, or a 400 in Spanish: the screen shows it and sends nobody anywhere. */
export async function authorizationRequestOr400(container: Pick<Container, 'database' | 'config'>, params: OAuthAuthorizationParams): Promise<AuthorizationRequest> {
  const checked = await checkAuthorizationRequest(container, params);
  if (checked.kind === 'ok') return checked.request;
  if (checked.kind === 'page') throw badRequest(checked.message, 'OAUTH_CLIENT_INVALID');
  throw badRequest(`La petición de autorización no es válida: ${checked.description}`, 'OAUTH_REQUEST_INVALID');
}

export async function listConnectedApps(container: Pick<Container, 'database'>, userId: string): Promise<ConnectedAppList> {
  const rows = await oauthRepository.liveGrantsOf(container.database.db, userId);
  return {
    apps: rows.map((r) => ({
      id: r.id,
      clientName: r.clientName,
      // The host the client registered first: what the consent screen showed for it.
      redirectHost: r.redirectUris[0] ? new URL(r.redirectUris[0]).host : '',
      workspaceId: r.workspaceId,
      workspaceName: r.workspaceName,
      role: r.role,
      grantedAt: r.createdAt.toISOString(),
      lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
    })),
  };
}

/** Ends the grant and its tokens at once; a repeat answers the same; anyone else's is 404. */
export async function revokeConnectedApp(container: Pick<Container, 'database'>, userId: string, grantId: string, now = new Date()): Promise<RevokedConnectedApp> {
  const db = container.database.db;
  const grant = isUuid(grantId) ? await oauthRepository.grantOf(db, userId, grantId) : undefined;
  if (!grant) throw notFound(CONNECTED_APP_NOT_FOUND, 'CONNECTED_APP_NOT_FOUND');
  if (grant.revokedAt) return { id: grant.id, revokedAt: grant.revokedAt.toISOString() };
  await db.transaction((tx) => oauthRepository.revokeGrant(tx, grant.id, now));
  return { id: grant.id, revokedAt: now.toISOString() };
}
