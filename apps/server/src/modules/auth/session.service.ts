import { randomUUID } from 'node:crypto';
import { REFRESH_TTL_DAYS_REMEMBER, REFRESH_TTL_HOURS_SESSION } from '@rankmaps/shared/constants';
import type { Container } from '../../container';
import { unauthorized } from '../../errors';
import type { DbOrTx } from '../users/users.repository';
import { workspacesRepository } from '../workspaces/workspaces.repository';
import { refreshTokenRepository } from './refresh-token.repository';
import { generateToken, hashToken } from './tokens';

/** What a sign-in hands out: the access JWT for the body, the refresh token for the cookie. */
export interface IssuedSession {
  accessToken: string;
  refreshToken: string;
  /** true: "remember me" (30-day cookie); false: a session cookie, bounded to 24 h on the server. */
  persistent: boolean;
}

export function refreshTtlSeconds(persistent: boolean): number {
  return persistent ? REFRESH_TTL_DAYS_REMEMBER * 24 * 3600 : REFRESH_TTL_HOURS_SESSION * 3600;
}

async function issue(container: Pick<Container, 'accessTokens'>, db: DbOrTx, userId: string, familyId: string, persistent: boolean): Promise<IssuedSession> {
  const refreshToken = generateToken();
  await refreshTokenRepository.insert(db, {
    userId,
    familyId,
    tokenHash: hashToken(refreshToken),
    persistent,
    ttlSeconds: refreshTtlSeconds(persistent),
  });
  // The family id rides in the access token, so revoking the family ends it too (plugins/auth.ts);
  // so does the workspace the session works in, which a refresh keeps (docs/decisions.md §30.1).
  const workspaceId = await workspacesRepository.sessionWorkspace(db, userId, familyId);
  return { accessToken: await container.accessTokens.sign(userId, familyId, workspaceId ?? undefined), refreshToken, persistent };
}

/**
 * Starts a new token family: one per sign-in, so logging out ends only this device. With
 * `workspaceId` (an accepted invitation) the session starts in that workspace.
 */
export async function startSession(container: Pick<Container, 'accessTokens' | 'database'>, userId: string, persistent: boolean, db: DbOrTx = container.database.db, workspaceId?: string) {
  const familyId = randomUUID();
  if (workspaceId) await workspacesRepository.rememberSessionWorkspace(db, familyId, workspaceId);
  return issue(container, db, userId, familyId, persistent);
}

/**
 * Trades a refresh token for a new one in the same family (docs/decisions.md §6). Each token works
 * once; presenting one that was already rotated or revoked means it was copied, so the whole
 * family ends, including the token its legitimate holder just received.
 */
export async function rotateSession(container: Pick<Container, 'accessTokens' | 'database' | 'log' | 'sessions'>, refreshToken: string): Promise<IssuedSession> {
  const db = container.database.db;
  const tokenHash = hashToken(refreshToken);
  const rotated = await db.transaction(async (tx) => {
    const current = await refreshTokenRepository.claimForRotation(tx, tokenHash);
    return current ? issue(container, tx, current.userId, current.familyId, current.persistent) : null;
  });
  if (rotated) return rotated;

  // Outside the transaction above: the revocation must stick although the request fails.
  const known = await refreshTokenRepository.findByHash(db, tokenHash);
  if (known && (known.rotatedAt || known.revokedAt)) {
    await refreshTokenRepository.revokeFamily(db, known.familyId);
    container.sessions.markRevoked(known.familyId);
    container.log.warn({ userId: known.userId, familyId: known.familyId }, 'refresh token reused: family revoked');
  }
  throw unauthorized(undefined, 'REFRESH_INVALID');
}

/**
 * Ends the family of this refresh token, whatever state the token is in, and its access
 * tokens with it: at once in this process, within SESSION_CHECK_TTL_SECONDS in the others.
 */
export async function endSession(container: Pick<Container, 'database' | 'sessions'>, refreshToken: string): Promise<void> {
  const db = container.database.db;
  const known = await refreshTokenRepository.findByHash(db, hashToken(refreshToken));
  if (!known) return;
  await refreshTokenRepository.revokeFamily(db, known.familyId);
  container.sessions.markRevoked(known.familyId);
}
