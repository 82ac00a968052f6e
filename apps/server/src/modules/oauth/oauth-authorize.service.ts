import { ROLE_LABELS } from '@rankmaps/shared/permissions';
import type { Container } from '../../container';
import { isUuid } from '../../lib/uuid';
import { workspacesRepository } from '../workspaces/workspaces.repository';
import { capabilitiesOf } from './oauth-capabilities';
import { type OAuthClientRow, oauthRepository } from './oauth.repository';
import { S256_CHALLENGE, hashSecret, newAuthorizationCode } from './oauth-secrets';
import { oauthUrls } from './oauth-urls';

// The authorization request (RFC 6749 section 4.1.1 with OAuth 2.1's PKCE and RFC 8707's resource,
// docs/decisions.md §33.3). Checked twice with the same function: by GET /oauth/authorize before
// it sends the browser to the consent screen, and by the consent API the screen calls, since
// the parameters come back from the browser. Until the client and its redirect URI are known
// good nothing is sent to that URI (RFC 6749 section 4.1.2.1): the person sees an error page instead.

export const CODE_TTL_MS = 5 * 60_000;

export type AuthorizeQuery = Record<string, unknown>;

export interface AuthorizationRequest {
  client: OAuthClientRow;
  redirectUri: string;
  codeChallenge: string;
  resource: string;
  state: string | null;
}

/** A refusal shown on our own page: the client or its redirect URI cannot be trusted. */
export interface PageRefusal {
  kind: 'page';
  message: string;
}
/** A refusal sent back to the client's (registered) redirect URI. */
export interface RedirectRefusal {
  kind: 'redirect';
  redirectUri: string;
  error: string;
  description: string;
  state: string | null;
}

export type Checked = { kind: 'ok'; request: AuthorizationRequest } | PageRefusal | RedirectRefusal;

export const UNKNOWN_CLIENT = 'La aplicación que te ha enviado aquí no está registrada en RankMaps. Vuelve a ella y conéctala de nuevo.';
export const BAD_REDIRECT = 'La dirección a la que esta aplicación quiere volver no es una de las que registró. Por seguridad no te enviamos allí.';

/** One value of a parameter; a repeated parameter (an array) is refused (RFC 6749 section 3.1). */
const single = (value: unknown): string | undefined | null => (value === undefined ? undefined : typeof value === 'string' ? value : null);

export function redirectWith(redirectUri: string, params: Record<string, string | null>): string {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) if (v !== null) url.searchParams.set(k, v);
  return url.toString();
}

export async function checkAuthorizationRequest(container: Pick<Container, 'database' | 'config'>, query: AuthorizeQuery): Promise<Checked> {
  const clientId = single(query.client_id);
  if (!clientId || !isUuid(clientId)) return { kind: 'page', message: UNKNOWN_CLIENT };
  const client = await oauthRepository.client(container.database.db, clientId);
  if (!client) return { kind: 'page', message: UNKNOWN_CLIENT };
  const asked = single(query.redirect_uri);
  if (asked === null) return { kind: 'page', message: BAD_REDIRECT };
  // Absent only when the client registered exactly one (OAuth 2.1 section 2.3.1).
  const redirectUri = asked ?? (client.redirectUris.length === 1 ? client.redirectUris[0] : undefined);
  if (!redirectUri || !client.redirectUris.includes(redirectUri)) return { kind: 'page', message: BAD_REDIRECT };

  const rawState = single(query.state);
  const state = typeof rawState === 'string' ? rawState : null;
  const refuse = (error: string, description: string): RedirectRefusal => ({ kind: 'redirect', redirectUri, error, description, state });
  if (rawState === null || (state !== null && state.length > 1000)) return refuse('invalid_request', 'El parámetro state no es válido.');

  const responseType = single(query.response_type);
  if (responseType === undefined || responseType === null) return refuse('invalid_request', 'Falta response_type.');
  if (responseType !== 'code') return refuse('unsupported_response_type', 'Solo se admite response_type=code.');
  const challenge = single(query.code_challenge);
  if (!challenge) return refuse('invalid_request', 'Falta code_challenge: PKCE es obligatorio.');
  const method = single(query.code_challenge_method);
  if (method !== 'S256') return refuse('invalid_request', 'code_challenge_method debe ser S256.');
  if (!S256_CHALLENGE.test(challenge)) return refuse('invalid_request', 'code_challenge no es un S256 válido (43 caracteres base64url).');
  const resource = single(query.resource);
  const ours = oauthUrls(container.config).resource;
  if (!resource) return refuse('invalid_request', `Falta resource: indica ${ours}.`);
  if (resource !== ours) return refuse('invalid_target', `Este servidor solo emite tokens para ${ours}.`);
  if (single(query.scope) === null) return refuse('invalid_scope', 'El parámetro scope no es válido.');
  return { kind: 'ok', request: { client, redirectUri, codeChallenge: challenge, resource, state } };
}

/** What the consent screen shows: the client, where it sends you back, and each workspace with your role there and what the assistant could do. */
export async function consentDetails(container: Pick<Container, 'database'>, request: AuthorizationRequest, userId: string) {
  const spaces = await workspacesRepository.listForUser(container.database.db, userId);
  return {
    client: { name: request.client.name, redirectHost: new URL(request.redirectUri).host },
    workspaces: spaces.map((w) => ({ id: w.id, name: w.name, role: w.role, roleLabel: ROLE_LABELS[w.role], capabilities: capabilitiesOf(w.role) })),
  };
}

/**
 * The person's answer. Allow: a grant in the chosen workspace (where they must still be a
 * member), with their role there, and a code for the client; deny: access_denied. Either way
 * the answer is where the browser goes next.
 */
export async function decide(
  container: Pick<Container, 'database'>,
  request: AuthorizationRequest,
  userId: string,
  decision: { allow: boolean; workspaceId: string },
  now = new Date(),
): Promise<{ redirectTo: string } | null> {
  const { redirectUri, state } = request;
  if (!decision.allow) return { redirectTo: redirectWith(redirectUri, { error: 'access_denied', error_description: 'La persona ha cancelado la conexión.', state }) };
  const membership = isUuid(decision.workspaceId) ? await workspacesRepository.membership(container.database.db, decision.workspaceId, userId) : null;
  if (!membership) return null;
  const code = newAuthorizationCode();
  await container.database.db.transaction((tx) =>
    oauthRepository.grantWithCode(
      tx,
      { clientId: request.client.id, userId, workspaceId: decision.workspaceId, role: membership.role, resource: request.resource },
      { codeHash: hashSecret(code), redirectUri, codeChallenge: request.codeChallenge, expiresAt: new Date(now.getTime() + CODE_TTL_MS) },
      now,
    ),
  );
  return { redirectTo: redirectWith(redirectUri, { code, state }) };
}
