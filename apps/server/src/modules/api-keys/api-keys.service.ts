import { createHash, randomBytes } from 'node:crypto';
import { availabilityLabelEs, cheapestPlanFor } from '@rankmaps/shared/plan-upgrade';
import { type ApiKey, type ApiKeyList, type CreateApiKeyBody, type CreatedApiKey, MAX_ACTIVE_API_KEYS } from '@rankmaps/shared/schemas/api-keys';
import type { Container } from '../../container';
import { conflict, forbidden, notFound } from '../../errors';
import { isUuid } from '../../lib/uuid';
import { getCurrentPlanState } from '../billing/billing.service';
import { apiKeysUpgradeMessage } from '../billing/upgrade-messages';
import { type ApiKeyRow, apiKeysRepository } from './api-keys.repository';

// API keys (docs/api.md, docs/decisions.md §26.1).

type Deps = Pick<Container, 'config' | 'database'>;

const KEY_PREFIX = 'rmk_';
/** What the list shows of a key: 'rmk_' and the next 8 characters. */
const SHOWN_PREFIX_LENGTH = 12;
export const API_KEY_NOT_FOUND = 'Clave de API no encontrada.';
export const TOO_MANY_KEYS = `Ya tienes ${MAX_ACTIVE_API_KEYS} claves de API activas. Revoca alguna antes de crear otra.`;

/** A new key: 'rmk_' and 32 random bytes in base64url (43 characters). */
export function generateApiKey(): string {
  return KEY_PREFIX + randomBytes(32).toString('base64url');
}

/** The stored form of a key: hex SHA-256 of the whole key (docs/decisions.md §26.1 says why not a slow hash). */
export const hashApiKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

export function presentApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes.filter((s): s is ApiKey['scopes'][number] => s === 'read' || s === 'scans'),
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** Keys are for pro-type plans, as campaigns (the development panel's override counts too). */
async function keyAccess(container: Deps, userId: string): Promise<{ allowed: boolean; currentPlan: string }> {
  const state = await getCurrentPlanState(container, userId);
  return { allowed: state.planLimits.type === 'pro', currentPlan: state.currentPlan };
}

/** GET /api/api-keys: on any plan (a user who stopped paying still sees and revokes their keys). */
export async function listApiKeys(container: Deps, userId: string): Promise<ApiKeyList> {
  const [rows, access] = await Promise.all([apiKeysRepository.listOwned(container.database.db, userId), keyAccess(container, userId)]);
  return {
    keys: rows.map(presentApiKey),
    allowed: access.allowed,
    upgradeLabel: access.allowed ? null : availabilityLabelEs(cheapestPlanFor({ kind: 'apiKeys' }, access.currentPlan)),
    maxActive: MAX_ACTIVE_API_KEYS,
  };
}

/**
 * POST /api/api-keys: a pro-type plan, fewer than MAX_ACTIVE_API_KEYS active keys (counted under
 * the user's row lock, so two concurrent creations cannot both pass the check).
 */
/** `createdBy`: the person who creates it; removing them from the workspace revokes it (docs/decisions.md §30.3). */
export async function createApiKey(container: Deps, userId: string, body: CreateApiKeyBody, createdBy: string = userId): Promise<CreatedApiKey> {
  const access = await keyAccess(container, userId);
  if (!access.allowed) throw forbidden(apiKeysUpgradeMessage(access.currentPlan), 'UPGRADE_REQUIRED', 'upgrade_required');
  const key = generateApiKey();
  const row = await container.database.db.transaction(async (tx) => {
    await apiKeysRepository.lockOwner(tx, userId);
    if ((await apiKeysRepository.countActive(tx, userId)) >= MAX_ACTIVE_API_KEYS) throw conflict(TOO_MANY_KEYS, 'TOO_MANY_API_KEYS');
    return apiKeysRepository.insert(tx, { userId, name: body.name, scopes: body.scopes, prefix: key.slice(0, SHOWN_PREFIX_LENGTH), keyHash: hashApiKey(key), createdBy });
  });
  return { apiKey: presentApiKey(row), key };
}

/** DELETE /api/api-keys/:id: revokes at once; again, the same answer. On any plan. */
export async function revokeApiKey(container: Deps, userId: string, id: string): Promise<ApiKey> {
  const row = isUuid(id) ? await apiKeysRepository.revoke(container.database.db, userId, id) : undefined;
  if (!row) throw notFound(API_KEY_NOT_FOUND, 'API_KEY_NOT_FOUND');
  return presentApiKey(row);
}
