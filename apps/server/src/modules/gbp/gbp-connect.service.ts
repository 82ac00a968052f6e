import { randomBytes } from 'node:crypto';
import type { GbpCallbackResult, GbpConnectionStatus } from '@rankmaps/shared/schemas/gbp';
import { gbpRedirectAfterSchema } from '@rankmaps/shared/schemas/gbp';
import type { OAuthTokens } from '../../providers/gbp';
import type { GbpDeps } from './gbp.deps';
import { gbpRepository } from './gbp.repository';
import { OAUTH_STATE_TTL_SECONDS, type VerifiedState } from './oauth-state';

// Connecting a Google Business Profile (docs/decisions.md §20): the consent URL
// with a signed single-use state, the callback that exchanges the code and stores the tokens
// encrypted, the status and the disconnection.

/** Where the callback sends the browser: a path of ours, with `gbp=<result>`; 400 when the state was bad. */
export interface CallbackOutcome {
  status: 302 | 400;
  location: string;
}

/** The same-origin path plus `gbp=<result>`, keeping its own query and fragment. */
export function withResult(redirectAfter: string, result: GbpCallbackResult): string {
  const url = new URL(gbpRedirectAfterSchema.parse(redirectAfter), 'http://rankmaps.invalid');
  url.searchParams.set('gbp', result);
  return `${url.pathname}${url.search}${url.hash}`;
}

export async function startUrl(deps: GbpDeps, userId: string, redirectAfter: string): Promise<{ url: string }> {
  const nonce = randomBytes(24).toString('base64url');
  const expiresAt = new Date(deps.now().getTime() + OAUTH_STATE_TTL_SECONDS * 1000);
  await gbpRepository.insertState(deps.container.database.db, { nonce, userId, expiresAt });
  const state = await deps.states.sign({ userId, nonce, redirectAfter }, expiresAt);
  return { url: deps.provider.authorizationUrl({ state, redirectUri: deps.redirectUri }) };
}

export interface CallbackQuery {
  code?: string;
  state?: string;
  error?: string;
}

/**
 * Checks the state (signature, expiry, then the nonce: unused, the same user), exchanges the code
 * and stores the tokens encrypted. A bad state stores nothing and answers 400.
 */
export async function completeCallback(deps: GbpDeps, query: CallbackQuery): Promise<CallbackOutcome> {
  const { db } = deps.container.database;
  const log = deps.container.log;
  const verified: VerifiedState = query.state ? await deps.states.verify(query.state) : { ok: false, reason: 'invalid' };
  if (!verified.ok) {
    log.warn({ reason: verified.reason }, 'gbp callback: bad state');
    return { status: 400, location: withResult(verified.redirectAfter ?? '/', 'error') };
  }
  const now = deps.now();
  if (!(await gbpRepository.consumeState(db, verified.nonce, verified.userId, now))) {
    log.warn({ userId: verified.userId }, 'gbp callback: state reused, unknown or expired');
    return { status: 400, location: withResult(verified.redirectAfter, 'error') };
  }
  if (query.error) {
    log.info({ userId: verified.userId, error: query.error }, 'gbp callback: Google reported an error');
    return { status: 302, location: withResult(verified.redirectAfter, query.error === 'access_denied' ? 'denied' : 'error') };
  }
  if (!query.code) return { status: 302, location: withResult(verified.redirectAfter, 'error') };
  let tokens: OAuthTokens;
  try {
    tokens = await deps.provider.exchangeCode(query.code, deps.redirectUri);
  } catch (err) {
    log.warn({ userId: verified.userId, err: (err as Error).message }, 'gbp callback: code exchange failed');
    return { status: 302, location: withResult(verified.redirectAfter, 'error') };
  }
  const { userId } = verified;
  await gbpRepository.saveConnection(db, {
    userId,
    provider: deps.provider.name,
    accessTokenEnc: deps.cipher.encrypt(tokens.accessToken, `${userId}:access`),
    refreshTokenEnc: tokens.refreshToken ? deps.cipher.encrypt(tokens.refreshToken, `${userId}:refresh`) : null,
    accessTokenExpiresAt: tokens.expiresAt,
    accountEmail: tokens.accountEmail,
    scope: tokens.scope,
  });
  deps.locations.forget(userId);
  log.info({ userId, provider: deps.provider.name }, 'gbp connected');
  return { status: 302, location: withResult(verified.redirectAfter, 'connected') };
}

/** A connection of another provider than the active one (demo data after switching to Google) counts as none. */
export async function getStatus(deps: GbpDeps, userId: string): Promise<GbpConnectionStatus> {
  const row = await gbpRepository.findConnection(deps.container.database.db, userId);
  const connected = row !== undefined && row.provider === deps.provider.name;
  return {
    connected,
    expired: connected && row.expired,
    provider: deps.provider.name,
    accountEmail: connected ? row.accountEmail : null,
  };
}

/** Forgets the tokens. Idempotent. */
export async function disconnect(deps: GbpDeps, userId: string): Promise<void> {
  await gbpRepository.deleteConnection(deps.container.database.db, userId);
  deps.locations.forget(userId);
}
