import type { ApiKeyScope } from '@rankmaps/shared/schemas/api-keys';
import type { FastifyRequest } from 'fastify';
import type { Container } from '../../container';
import { AppError, forbidden } from '../../errors';
import { getCurrentPlanState } from '../billing/billing.service';
import { apiUseUpgradeMessage } from '../billing/upgrade-messages';
import { apiKeysRepository } from '../api-keys/api-keys.repository';
import { hashApiKey } from '../api-keys/api-keys.service';

// The /api/v1 authentication (docs/decisions.md §26.1): `Authorization: Bearer rmk_…`, never
// the SPA's session. It is a hook of the v1 plugin only, so a key opens nothing else.

declare module 'fastify' {
  interface FastifyRequest {
    /** The key that authenticated an /api/v1 call. */
    apiKey: { id: string; userId: string; scopes: string[]; lastUsedAt: Date | null } | null;
  }
}

export const INVALID_API_KEY = 'Clave de API no válida o revocada.';
export const MISSING_SCOPE = (scope: ApiKeyScope) => `Esta clave no tiene el permiso «${scope}» que necesita esta petición.`;
/** Longer than any key (47 characters) by a margin; beyond it nothing is hashed. */
const MAX_TOKEN_LENGTH = 200;
const LAST_USE_EVERY_MS = 60_000;

const invalidKey = () => new AppError('INVALID_API_KEY', INVALID_API_KEY, 401);

/**
 * Unknown, malformed and revoked keys get the same 401 after the same work: the token is
 * hashed and looked up whatever its shape (only its length is checked first), and a revoked
 * row is refused after the look-up that an unknown key also makes.
 */
export async function authenticateApiKey(container: Pick<Container, 'database'>, request: FastifyRequest): Promise<void> {
  const header = request.headers.authorization ?? '';
  const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
  if (!token || token.length > MAX_TOKEN_LENGTH) throw invalidKey();
  const row = await apiKeysRepository.findByHash(container.database.db, hashApiKey(token));
  if (!row || row.revokedAt) throw invalidKey();
  request.apiKey = { id: row.id, userId: row.userId, scopes: row.scopes, lastUsedAt: row.lastUsedAt };
  request.userId = row.userId;
  // A key acts as its workspace (its user_id column holds the workspace's id), limited by its scopes.
  request.workspace = { id: row.userId, role: 'admin', clientIds: [], actorId: row.userId };
}

/**
 * Stamps the key's last use when a call succeeded (an onSend hook, so the stamp is written
 * before the answer leaves): at most once a minute, and never for a refused call, which
 * changes nothing (docs/decisions.md §26.1).
 */
export async function recordKeyUse(container: Pick<Container, 'database'>, request: FastifyRequest, status: number, now = new Date()): Promise<void> {
  const key = request.apiKey;
  if (!key || status >= 400) return;
  if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() >= LAST_USE_EVERY_MS) await apiKeysRepository.touch(container.database.db, key.id, now);
}

/** A route's preHandler: 403 when the key lacks `scope`. */
export const requireScope = (scope: ApiKeyScope) => async (request: FastifyRequest) => {
  if (!request.apiKey?.scopes.includes(scope)) throw forbidden(MISSING_SCOPE(scope), 'MISSING_SCOPE');
};

/**
 * The key's owner must still be on a plan that has the API (docs/decisions.md §26.1): a key
 * outlives a downgrade (it can be seen and revoked), but answers 403 upgrade_required until
 * the plan allows it again.
 */
export async function requireApiPlan(container: Pick<Container, 'config' | 'database'>, request: FastifyRequest): Promise<void> {
  // The workspace of the key, or of the OAuth token on /mcp (docs/decisions.md §33.2).
  const workspaceId = request.apiKey?.userId ?? request.workspace?.id;
  if (!workspaceId) throw new Error('requireApiPlan needs the API key or OAuth authentication to run first');
  const state = await getCurrentPlanState(container, workspaceId);
  if (state.planLimits.type !== 'pro') throw forbidden(apiUseUpgradeMessage(state.currentPlan), 'UPGRADE_REQUIRED', 'upgrade_required');
}
