import { InvalidClientError, InvalidGrantError, InvalidRequestError, InvalidTargetError, UnsupportedGrantTypeError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { Container } from '../../container';
import { isUuid } from '../../lib/uuid';
import { workspacesRepository } from '../workspaces/workspaces.repository';
import { type OAuthGrantRow, oauthRepository } from './oauth.repository';
import { REFRESH_TOKEN_PREFIX, hashSecret, newAccessToken, newRefreshToken, pkceMatches } from './oauth-secrets';

// The token endpoint (RFC 6749 section 3.2 with OAuth 2.1 and RFC 8707, docs/decisions.md §33.2):
// the authorization_code grant (PKCE S256 checked against the code's challenge) and the
// refresh_token grant, with refresh tokens rotated on every use. A code or refresh token used
// twice means it leaked: its whole grant is revoked, so neither the thief nor the client
// keeps a working token, and the refusal issues nothing.

export const ACCESS_TOKEN_TTL_SECONDS = 3600;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 3600_000;

type Deps = Pick<Container, 'database' | 'config'>;
type Form = Record<string, unknown>;

const field = (form: Form, name: string): string | undefined => {
  const value = form[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new InvalidRequestError(`El parámetro ${name} no es válido.`);
  return value;
};
const required = (form: Form, name: string): string => {
  const value = field(form, name);
  if (!value) throw new InvalidRequestError(`Falta el parámetro ${name}.`);
  return value;
};

/** The public client named by client_id (RFC 6749 section 3.2.1: a public client sends it); 401 invalid_client when unknown. */
async function clientOf(deps: Deps, form: Form) {
  const clientId = field(form, 'client_id');
  if (!clientId) throw new InvalidClientError('Falta client_id.');
  const client = isUuid(clientId) ? await oauthRepository.client(deps.database.db, clientId) : undefined;
  if (!client) throw new InvalidClientError('El cliente no está registrado.');
  return client;
}

/** RFC 8707 section 2.2: a resource, when sent, must be the one the grant was for. */
function checkResource(form: Form, grant: OAuthGrantRow) {
  const resource = field(form, 'resource');
  if (resource !== undefined && resource !== grant.resource) throw new InvalidTargetError(`Este token solo vale para ${grant.resource}.`);
}

async function issue(deps: Deps, grant: OAuthGrantRow, now: Date) {
  const accessToken = newAccessToken();
  const refreshToken = newRefreshToken();
  await oauthRepository.insertTokens(deps.database.db, grant.id, [
    { kind: 'access', tokenHash: hashSecret(accessToken), expiresAt: new Date(now.getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000) },
    { kind: 'refresh', tokenHash: hashSecret(refreshToken), expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS) },
  ]);
  return { access_token: accessToken, token_type: 'Bearer', expires_in: ACCESS_TOKEN_TTL_SECONDS, refresh_token: refreshToken };
}

/** The grant is still good for new tokens: not revoked, and its person still a member of its workspace. */
async function usableGrant(deps: Deps, grantId: string): Promise<OAuthGrantRow> {
  const grant = await oauthRepository.grant(deps.database.db, grantId);
  if (!grant || grant.revokedAt) throw new InvalidGrantError('La autorización ya no es válida: conecta la aplicación de nuevo.');
  if (!(await workspacesRepository.membership(deps.database.db, grant.workspaceId, grant.userId)))
    throw new InvalidGrantError('Ya no perteneces al espacio de trabajo de esta autorización.');
  return grant;
}

async function exchangeCode(deps: Deps, form: Form, now: Date) {
  const client = await clientOf(deps, form);
  const code = required(form, 'code');
  const verifier = required(form, 'code_verifier');
  const redirectUri = field(form, 'redirect_uri');
  const db = deps.database.db;
  const { code: row, first } = code.length <= 200 ? await oauthRepository.useCode(db, hashSecret(code), now) : { code: undefined, first: false };
  if (!row) throw new InvalidGrantError('El código de autorización no es válido.');
  if (!first) {
    // A second use: whoever holds it, revoke what the first use gave (OAuth 2.1 section 4.1.3).
    await oauthRepository.revokeGrant(db, row.grantId, now);
    throw new InvalidGrantError('El código de autorización ya se usó: por seguridad se han revocado los tokens que dio.');
  }
  const grant = await usableGrant(deps, row.grantId);
  if (grant.clientId !== client.id) throw new InvalidGrantError('El código de autorización no es de este cliente.');
  if (row.expiresAt <= now) throw new InvalidGrantError('El código de autorización ha caducado.');
  if ((redirectUri ?? row.redirectUri) !== row.redirectUri) throw new InvalidGrantError('redirect_uri no coincide con el de la autorización.');
  if (!pkceMatches(verifier, row.codeChallenge)) throw new InvalidGrantError('code_verifier no corresponde al code_challenge (PKCE).');
  checkResource(form, grant);
  return issue(deps, grant, now);
}

async function refresh(deps: Deps, form: Form, now: Date) {
  const client = await clientOf(deps, form);
  const token = required(form, 'refresh_token');
  const db = deps.database.db;
  const row = token.startsWith(REFRESH_TOKEN_PREFIX) && token.length <= 200 ? await oauthRepository.token(db, hashSecret(token)) : undefined;
  if (!row || row.kind !== 'refresh') throw new InvalidGrantError('El refresh token no es válido.');
  const grant = await oauthRepository.grant(db, row.grantId);
  if (!grant || grant.clientId !== client.id) throw new InvalidGrantError('El refresh token no es válido.');
  if (row.revokedAt || grant.revokedAt) throw new InvalidGrantError('El refresh token está revocado: conecta la aplicación de nuevo.');
  if (row.expiresAt <= now) throw new InvalidGrantError('El refresh token ha caducado: conecta la aplicación de nuevo.');
  if (!(await oauthRepository.useRefreshToken(db, row.id, now))) {
    // Rotated already: an old refresh token came back (OAuth 2.1 section 4.3.1). The family ends.
    await oauthRepository.revokeGrant(db, grant.id, now);
    throw new InvalidGrantError('Este refresh token ya se usó: por seguridad se ha revocado la autorización.');
  }
  checkResource(form, grant);
  await usableGrant(deps, grant.id);
  return issue(deps, grant, now);
}

export async function tokenRequest(deps: Deps, form: Form, now = new Date()) {
  const grantType = field(form, 'grant_type');
  if (!grantType) throw new InvalidRequestError('Falta el parámetro grant_type.');
  if (grantType === 'authorization_code') return exchangeCode(deps, form, now);
  if (grantType === 'refresh_token') return refresh(deps, form, now);
  throw new UnsupportedGrantTypeError('Solo se admiten authorization_code y refresh_token.');
}

/**
 * RFC 7009: revoking a refresh token ends its grant (and every access token of it); an access
 * token ends alone. Unknown, foreign or already revoked tokens answer the same 200.
 */
export async function revocationRequest(deps: Deps, form: Form, now = new Date()) {
  const client = await clientOf(deps, form);
  const token = required(form, 'token');
  if (token.length > 200) return;
  const db = deps.database.db;
  const row = await oauthRepository.token(db, hashSecret(token));
  if (!row) return;
  const grant = await oauthRepository.grant(db, row.grantId);
  if (!grant || grant.clientId !== client.id) return;
  if (row.kind === 'refresh') await oauthRepository.revokeGrant(db, grant.id, now);
  else await oauthRepository.revokeToken(db, row.id, now);
}
