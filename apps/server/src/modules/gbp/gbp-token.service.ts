import { GbpAuthError, type RefreshedToken } from '../../providers/gbp';
import type { GbpDeps } from './gbp.deps';
import { gbpNotConnected, gbpReauthRequired, toAppError } from './gbp-errors';
import { type GbpConnectionRow, gbpRepository } from './gbp.repository';
import { TokenDecryptError } from './token-cipher';

// Runs a Google call with a usable access token: refreshed when it is about to expire, and once
// more when Google answers 401. A refused refresh (invalid_grant, 401) or a token Google keeps
// refusing marks the connection expired and answers GBP_REAUTH_REQUIRED — never a 500.

/** Refresh this long before the access token's expiry, so it does not lapse mid-request. */
const EXPIRY_MARGIN_MS = 60_000;

async function expire(deps: GbpDeps, userId: string, why: string): Promise<never> {
  deps.container.log.warn({ userId, why }, 'gbp connection expired');
  await gbpRepository.markExpired(deps.container.database.db, userId);
  deps.locations.forget(userId);
  throw gbpReauthRequired();
}

async function refresh(deps: GbpDeps, row: GbpConnectionRow): Promise<string> {
  const { userId } = row;
  if (!row.refreshTokenEnc) return expire(deps, userId, 'no refresh token');
  const refreshToken = deps.cipher.decrypt(row.refreshTokenEnc, `${userId}:refresh`);
  let fresh: RefreshedToken;
  try {
    fresh = await deps.provider.refreshAccessToken(refreshToken);
  } catch (err) {
    if (err instanceof GbpAuthError) return expire(deps, userId, err.message);
    throw toAppError(err);
  }
  await gbpRepository.saveRefreshedToken(deps.container.database.db, userId, {
    accessTokenEnc: deps.cipher.encrypt(fresh.accessToken, `${userId}:access`),
    accessTokenExpiresAt: fresh.expiresAt,
    ...(fresh.refreshToken ? { refreshTokenEnc: deps.cipher.encrypt(fresh.refreshToken, `${userId}:refresh`) } : {}),
  });
  return fresh.accessToken;
}

/** The user's live connection of the active provider, or GBP_NOT_CONNECTED / GBP_REAUTH_REQUIRED. */
export async function liveConnection(deps: GbpDeps, userId: string): Promise<GbpConnectionRow> {
  const row = await gbpRepository.findConnection(deps.container.database.db, userId);
  if (!row || row.provider !== deps.provider.name) throw gbpNotConnected();
  if (row.expired) throw gbpReauthRequired();
  return row;
}

export async function withAccessToken<T>(deps: GbpDeps, userId: string, call: (accessToken: string) => Promise<T>): Promise<T> {
  const row = await liveConnection(deps, userId);
  try {
    const stale = row.accessTokenExpiresAt.getTime() - EXPIRY_MARGIN_MS <= deps.now().getTime();
    let accessToken = stale ? await refresh(deps, row) : deps.cipher.decrypt(row.accessTokenEnc, `${userId}:access`);
    let refreshed = stale;
    for (;;) {
      try {
        return await call(accessToken);
      } catch (err) {
        if (!(err instanceof GbpAuthError)) throw toAppError(err);
        if (refreshed) return await expire(deps, userId, err.message);
        accessToken = await refresh(deps, row);
        refreshed = true;
      }
    }
  } catch (err) {
    // A key change leaves the stored tokens unreadable: the user connects again.
    if (err instanceof TokenDecryptError) return expire(deps, userId, 'stored token does not decrypt');
    throw err;
  }
}
