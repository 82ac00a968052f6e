import { LRUCache } from 'lru-cache';
import type { GbpLocationsResponse } from '@rankmaps/shared/schemas/gbp';
import type { Container } from '../../container';
import { getOrCreateSecret } from '../../lib/secrets';
import type { GbpProvider } from '../../providers/gbp';
import { OAuthStateSigner } from './oauth-state';
import { TokenCipher, tokenKey } from './token-cipher';

/** How long a user's accounts and locations are reused (owner checks of the performance calls). */
const LOCATIONS_TTL_MS = 5 * 60_000;
const LOCATIONS_MAX_USERS = 5_000;

/**
 * The user's accounts and locations for a few minutes, so each chart does not list them again.
 * `version` is the connection's last change: a reconnection, a refresh or an expiry (from any
 * process sharing the database) makes the entry stale.
 */
export class LocationsCache {
  private readonly entries = new LRUCache<string, { version: string; at: number; value: GbpLocationsResponse }>({ max: LOCATIONS_MAX_USERS });

  get(userId: string, version: string, now = Date.now()): GbpLocationsResponse | undefined {
    const hit = this.entries.get(userId);
    if (!hit || hit.version !== version || now - hit.at > LOCATIONS_TTL_MS) return undefined;
    return hit.value;
  }

  set(userId: string, version: string, value: GbpLocationsResponse, now = Date.now()): void {
    this.entries.set(userId, { version, at: now, value });
  }

  forget(userId: string): void {
    this.entries.delete(userId);
  }
}

/** What the GBP services need, built once per app. */
export interface GbpDeps {
  container: Container;
  provider: GbpProvider;
  cipher: TokenCipher;
  states: OAuthStateSigner;
  locations: LocationsCache;
  /** Google sends the browser back here: `${APP_URL}/api/auth/google/callback`. */
  redirectUri: string;
  now: () => Date;
}

export async function createGbpDeps(container: Container): Promise<GbpDeps> {
  const { config } = container;
  // The same secret the access tokens use (configured or generated once); each purpose derives its own key.
  const jwtSecret = await getOrCreateSecret(container.database.db, 'jwt_secret', config.jwtSecret);
  return {
    container,
    provider: container.gbp,
    cipher: new TokenCipher(tokenKey(config.gbp.tokenKey, jwtSecret)),
    states: new OAuthStateSigner(jwtSecret),
    locations: new LocationsCache(),
    redirectUri: `${config.appUrl}/api/auth/google/callback`,
    now: () => new Date(),
  };
}
