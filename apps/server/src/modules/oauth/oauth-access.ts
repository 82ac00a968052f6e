import { WORKSPACE_ROLES, type WorkspaceRole } from '@rankmaps/shared/permissions';
import type { Container } from '../../container';
import { oauthRepository } from './oauth.repository';
import { ACCESS_TOKEN_PREFIX, hashSecret } from './oauth-secrets';
import { oauthUrls } from './oauth-urls';

// An OAuth access token presented to /mcp (docs/decisions.md §33.2, docs/decisions.md §33.3): one indexed look-up
// that also reads the person's current membership of the grant's workspace, so a revoked grant,
// a removed member or a lowered role counts from the very next call. The token acts with the
// lower of the role consented to and the role held now: consent never grows by itself.

export interface OAuthCaller {
  grantId: string;
  userId: string;
  workspaceId: string;
  role: WorkspaceRole;
  clientIds: readonly string[];
  lastUsedAt: Date | null;
}

/** Why a token is refused: what the WWW-Authenticate error_description says (RFC 6750 section 3). */
export type TokenRefusal = 'unknown' | 'expired' | 'revoked' | 'wrong_resource' | 'not_member';

export const TOKEN_REFUSALS: Record<TokenRefusal, string> = {
  unknown: 'El token de acceso no es válido.',
  expired: 'El token de acceso ha caducado.',
  revoked: 'El token de acceso está revocado.',
  wrong_resource: 'El token de acceso es para otro recurso.',
  not_member: 'Ya no perteneces al espacio de trabajo de este token.',
};

export const isOAuthAccessToken = (token: string) => token.startsWith(ACCESS_TOKEN_PREFIX);

/** The lower of two roles in the table's order (owner, admin, member, client). */
export const lowerRole = (a: WorkspaceRole, b: WorkspaceRole): WorkspaceRole => (WORKSPACE_ROLES.indexOf(a) >= WORKSPACE_ROLES.indexOf(b) ? a : b);

export async function verifyAccessToken(
  container: Pick<Container, 'database' | 'config'>,
  token: string,
  now = new Date(),
): Promise<{ caller: OAuthCaller } | { refused: TokenRefusal }> {
  const row = token.length <= 200 ? await oauthRepository.accessContext(container.database.db, hashSecret(token)) : undefined;
  if (!row || row.kind !== 'access') return { refused: 'unknown' };
  if (row.tokenRevokedAt || row.grantRevokedAt) return { refused: 'revoked' };
  if (row.expiresAt <= now) return { refused: 'expired' };
  if (row.resource !== oauthUrls(container.config).resource) return { refused: 'wrong_resource' };
  if (!row.memberRole) return { refused: 'not_member' };
  return {
    caller: {
      grantId: row.grantId,
      userId: row.userId,
      workspaceId: row.workspaceId,
      role: lowerRole(row.grantRole, row.memberRole),
      clientIds: row.clientIds ?? [],
      lastUsedAt: row.lastUsedAt,
    },
  };
}
