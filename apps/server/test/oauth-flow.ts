import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

// RankMaps' OAuth flow for tests and the benchmark (docs/decisions.md §33): a client registers,
// the person consents through the session API the consent screen calls, and the code is
// exchanged with its PKCE verifier, all through app.inject, as the MCP SDK's client would do
// over HTTP (mcp-oauth.spec.ts runs the real client against the real screen).

export const REDIRECT_URI = 'http://127.0.0.1:8976/callback';

export const pkcePair = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

export const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

export async function registerClient(app: FastifyInstance, body: Record<string, unknown> = { client_name: 'Asistente de pruebas', redirect_uris: [REDIRECT_URI] }) {
  const res = await app.inject({ method: 'POST', url: '/oauth/register', payload: body });
  if (res.statusCode !== 201) throw new Error(`POST /oauth/register: ${res.statusCode} ${res.body}`);
  return res.json<{ client_id: string; redirect_uris: string[] }>();
}

/** The authorization request's parameters for a client, ours by default. */
export function authorizeParams(app: FastifyInstance, clientId: string, challenge: string, extra: Record<string, string> = {}) {
  return {
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    resource: `${app.container.config.appUrl}/mcp`,
    state: 'estado-123',
    ...extra,
  };
}

/** The person's consent through the session API; the code the client gets back. */
export async function consent(app: FastifyInstance, headers: Record<string, string>, params: Record<string, string>, workspaceId: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/oauth/authorization', headers, payload: { params, decision: 'allow', workspaceId } });
  if (res.statusCode !== 200) throw new Error(`POST /api/oauth/authorization: ${res.statusCode} ${res.body}`);
  const code = new URL(res.json<{ redirectTo: string }>().redirectTo).searchParams.get('code');
  if (!code) throw new Error('no code in the redirect');
  return code;
}

export interface OAuthTokens {
  clientId: string;
  accessToken: string;
  refreshToken: string;
}

/** A whole flow for the person of `headers` in `workspaceId`: registered client, consent, tokens. */
export async function oauthTokens(app: FastifyInstance, headers: Record<string, string>, workspaceId: string): Promise<OAuthTokens> {
  const { client_id: clientId } = await registerClient(app);
  const { verifier, challenge } = pkcePair();
  const params = authorizeParams(app, clientId, challenge);
  const code = await consent(app, headers, params, workspaceId);
  const res = await app.inject({
    method: 'POST',
    url: '/oauth/token',
    ...form({ grant_type: 'authorization_code', code, code_verifier: verifier, client_id: clientId, redirect_uri: REDIRECT_URI, resource: params.resource }),
  });
  if (res.statusCode !== 200) throw new Error(`POST /oauth/token: ${res.statusCode} ${res.body}`);
  const body = res.json<{ access_token: string; refresh_token: string }>();
  return { clientId, accessToken: body.access_token, refreshToken: body.refresh_token };
}
