import { OAuthMetadataSchema, OAuthProtectedResourceMetadataSchema, OAuthTokensSchema } from '@modelcontextprotocol/sdk/shared/auth.js';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { REDIRECT_URI, authorizeParams, consent, form, oauthTokens, pkcePair, registerClient } from '../../../test/oauth-flow';
import { sessions } from '../../../test/sessions';
import { joinWorkspace } from '../../../test/team';
import { createTestApp } from '../../../test/test-app';
import { oauthClients, oauthGrants, oauthTokens as tokensTable } from '../../db/oauth-schema';
import { workspaceMembers } from '../../db/workspaces-schema';
import { INVALID_API_KEY } from '../api-v1/api-key-auth';
import { hashSecret } from './oauth-secrets';
import { TOKEN_REFUSALS } from './oauth-access';

// RankMaps as its own OAuth 2.1 authorization server for /mcp (docs/decisions.md §33): the
// metadata, registration, the authorization request, the token endpoint and what /mcp does with
// the tokens. Every refusal is the RFCs' and issues nothing.

const toolCall = (app: FastifyInstance, token: string | null, name: string, args: Record<string, unknown> = {}) =>
  app.inject({
    method: 'POST',
    url: '/mcp',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } },
  });

describe('OAuth 2.1 for /mcp', async () => {
  const { app, container } = await createTestApp({ RATE_LIMIT_API_MAX: '10000' });
  const db = container.database.db;
  const resource = `${container.config.appUrl}/mcp`;
  const tokenCount = async () => (await db.select({ n: count() }).from(tokensTable))[0]?.n ?? 0;
  const token = (fields: Record<string, string>) => app.inject({ method: 'POST', url: '/oauth/token', ...form(fields) });

  /** A signed-in person on a plan with the API, and a consented code for a new client. */
  const codeFor = async () => {
    const owner = await sessions(app, container).signedIn('pro_agency');
    const { client_id: clientId } = await registerClient(app);
    const { verifier, challenge } = pkcePair();
    const code = await consent(app, owner.headers, authorizeParams(app, clientId, challenge), owner.user.id);
    return { owner, clientId, verifier, code };
  };
  const exchange = (c: { clientId: string; verifier: string; code: string }, extra: Record<string, string> = {}) =>
    token({ grant_type: 'authorization_code', code: c.code, code_verifier: c.verifier, client_id: c.clientId, redirect_uri: REDIRECT_URI, resource, ...extra });

  it('when a client discovers the server, then /mcp answers 401 with the RFC 9728 challenge and both metadata documents parse with the MCP SDK’s schemas', async () => {
    const bare = await toolCall(app, null, 'list_places');
    expect(bare.statusCode).toBe(401);
    expect(bare.headers['www-authenticate']).toBe(`Bearer resource_metadata="${container.config.appUrl}/.well-known/oauth-protected-resource/mcp"`);
    expect(bare.json()).toMatchObject({ error: { message: INVALID_API_KEY } });
    const bad = await toolCall(app, 'rmo_at_no-es-un-token', 'list_places');
    expect(bad.statusCode).toBe(401);
    expect(bad.headers['www-authenticate']).toMatch(/^Bearer error="invalid_token", resource_metadata="/);
    expect(bad.json()).toMatchObject({ error: { message: TOKEN_REFUSALS.unknown, data: { code: 'INVALID_TOKEN' } } });

    for (const url of ['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp']) {
      const prm = OAuthProtectedResourceMetadataSchema.parse((await app.inject({ method: 'GET', url })).json());
      expect(prm).toMatchObject({ resource, authorization_servers: [container.config.appUrl] });
    }
    const asm = OAuthMetadataSchema.parse((await app.inject({ method: 'GET', url: '/.well-known/oauth-authorization-server' })).json());
    expect(asm).toMatchObject({ issuer: container.config.appUrl, code_challenge_methods_supported: ['S256'], grant_types_supported: ['authorization_code', 'refresh_token'], token_endpoint_auth_methods_supported: ['none'] });
  });

  it('when a client registers with a redirect URI that is neither https nor loopback http, then invalid_redirect_uri and no client is stored', async () => {
    const before = (await db.select({ n: count() }).from(oauthClients))[0]?.n;
    for (const uris of [['http://example.com/cb'], ['javascript:alert(1)'], ['https://example.com/cb#x'], []]) {
      const res = await app.inject({ method: 'POST', url: '/oauth/register', payload: { client_name: 'X', redirect_uris: uris } });
      expect(res.statusCode, uris.join()).toBe(400);
      expect(res.json()).toMatchObject({ error: 'invalid_redirect_uri', error_description: expect.stringMatching(/URI de redirección/) });
    }
    const res = await app.inject({ method: 'POST', url: '/oauth/register', payload: { redirect_uris: ['https://ok.example/cb'], grant_types: ['client_credentials'] } });
    expect(res.json()).toMatchObject({ error: 'invalid_client_metadata' });
    expect((await db.select({ n: count() }).from(oauthClients))[0]?.n).toBe(before);
    const ok = await registerClient(app, { client_name: 'Claude', redirect_uris: ['https://claude.ai/api/mcp/auth_callback', 'http://localhost:6274/cb'], token_endpoint_auth_method: 'client_secret_post' });
    expect(ok).toMatchObject({ client_name: 'Claude', token_endpoint_auth_method: 'none', redirect_uris: ['https://claude.ai/api/mcp/auth_callback', 'http://localhost:6274/cb'] });
  });

  it('when the authorization request names an unregistered redirect URI or client, then an error page and never a redirect to it', async () => {
    const { client_id: clientId } = await registerClient(app);
    const { challenge } = pkcePair();
    for (const params of [authorizeParams(app, clientId, challenge, { redirect_uri: 'https://attacker.example/cb' }), authorizeParams(app, '00000000-0000-4000-8000-000000000000', challenge)]) {
      const res = await app.inject({ method: 'GET', url: `/oauth/authorize?${new URLSearchParams(params).toString()}` });
      expect(res.statusCode).toBe(400);
      expect(res.headers.location).toBeUndefined();
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('No se puede conectar la aplicación');
      expect(res.body).not.toContain('attacker');
    }
  });

  it('when the request lacks PKCE S256 or names another resource, then the registered redirect URI gets the RFC error; a good one goes to the consent screen', async () => {
    const { client_id: clientId } = await registerClient(app);
    const { challenge } = pkcePair();
    const cases: [Record<string, string>, string][] = [
      [{ code_challenge: '' }, 'invalid_request'],
      [{ code_challenge_method: 'plain' }, 'invalid_request'],
      [{ resource: 'https://otro.example/mcp' }, 'invalid_target'],
      [{ resource: '' }, 'invalid_request'],
      [{ response_type: 'token' }, 'unsupported_response_type'],
    ];
    for (const [extra, error] of cases) {
      const res = await app.inject({ method: 'GET', url: `/oauth/authorize?${new URLSearchParams(authorizeParams(app, clientId, challenge, extra)).toString()}` });
      expect(res.statusCode, JSON.stringify(extra)).toBe(302);
      const location = new URL(res.headers.location as string);
      expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
      expect(location.searchParams.get('error')).toBe(error);
      expect(location.searchParams.get('state')).toBe('estado-123');
    }
    const params = authorizeParams(app, clientId, challenge);
    const good = await app.inject({ method: 'GET', url: `/oauth/authorize?${new URLSearchParams(params).toString()}` });
    expect(good.statusCode).toBe(302);
    expect(good.headers.location).toBe(`/autorizar?${new URLSearchParams(params).toString()}`);
  });

  it('when the person looks at the consent screen, then it names the client, its redirect host, each workspace with the role and what the assistant may do; cancel answers access_denied and issues nothing', async () => {
    const owner = await sessions(app, container).signedIn('pro_agency');
    const other = await sessions(app, container).signedIn('pro_agency');
    await joinWorkspace(container, other.user.id, owner.user.id, 'client');
    const { client_id: clientId } = await registerClient(app);
    const params = authorizeParams(app, clientId, pkcePair().challenge);
    const res = await app.inject({ method: 'GET', url: `/api/oauth/authorization?${new URLSearchParams(params).toString()}`, headers: owner.headers });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.client).toEqual({ name: 'Asistente de pruebas', redirectHost: '127.0.0.1:8976' });
    const mine = body.workspaces.find((w: { id: string }) => w.id === owner.user.id);
    const theirs = body.workspaces.find((w: { id: string }) => w.id === other.user.id);
    expect(mine).toMatchObject({ role: 'owner', roleLabel: 'Propietario' });
    expect(mine.capabilities).toEqual([
      'Ver tus negocios, keywords, análisis, comparaciones y la cartera.',
      'Lanzar análisis que gastan créditos, siempre después de mostrarte el coste.',
      'Crear enlaces públicos a informes.',
      'Ver el saldo de créditos y la previsión de gasto.',
      'Añadir negocios y keywords y crear, pausar o reanudar campañas, siempre después de mostrarte lo que hará.',
      'Ver el registro de actividad del espacio de trabajo.',
      'Responder a las reseñas de Google de tus negocios, siempre después de mostrarte la respuesta.',
    ]);
    expect(theirs).toMatchObject({ role: 'client', roleLabel: 'Cliente', capabilities: ['Ver tus negocios, keywords, análisis, comparaciones y la cartera.'] });

    expect((await app.inject({ method: 'GET', url: `/api/oauth/authorization?${new URLSearchParams(params).toString()}` })).statusCode).toBe(401);
    const bad = await app.inject({ method: 'GET', url: `/api/oauth/authorization?${new URLSearchParams({ ...params, redirect_uri: 'https://attacker.example/cb' }).toString()}`, headers: owner.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'OAUTH_CLIENT_INVALID' });

    const grants = (await db.select({ n: count() }).from(oauthGrants))[0]?.n;
    const denied = await app.inject({ method: 'POST', url: '/api/oauth/authorization', headers: owner.headers, payload: { params, decision: 'deny', workspaceId: owner.user.id } });
    const location = new URL(denied.json().redirectTo);
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('estado-123');
    expect(location.searchParams.get('code')).toBeNull();
    const stranger = await sessions(app, container).signedIn();
    const notTheirs = await app.inject({ method: 'POST', url: '/api/oauth/authorization', headers: owner.headers, payload: { params, decision: 'allow', workspaceId: stranger.user.id } });
    expect(notTheirs.statusCode).toBe(404);
    expect((await db.select({ n: count() }).from(oauthGrants))[0]?.n).toBe(grants);
  });

  it('when the code is exchanged with the right verifier, then tokens bound to /mcp that list and call the tools', async () => {
    const c = await codeFor();
    const res = await exchange(c);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const tokens = OAuthTokensSchema.parse(res.json());
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    const call = await toolCall(app, tokens.access_token, 'list_places');
    expect(call.statusCode, call.body).toBe(200);
    expect(call.json().result).toMatchObject({ structuredContent: { places: [], nextCursor: null } });
    expect(call.json().result.isError).toBeUndefined();
  });

  it('when the PKCE verifier does not match, then invalid_grant and nothing is issued', async () => {
    const c = await codeFor();
    const before = await tokenCount();
    const res = await exchange({ ...c, verifier: pkcePair().verifier });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'invalid_grant', error_description: 'code_verifier no corresponde al code_challenge (PKCE).' });
    expect(await tokenCount()).toBe(before);
  });

  it('when a code is used twice, then invalid_grant and the tokens the first use gave are revoked at once', async () => {
    const c = await codeFor();
    const first = (await exchange(c)).json<{ access_token: string; refresh_token: string }>();
    expect((await toolCall(app, first.access_token, 'list_places')).statusCode).toBe(200);
    const before = await tokenCount();
    const again = await exchange(c);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: 'invalid_grant' });
    expect(await tokenCount()).toBe(before);
    const refused = await toolCall(app, first.access_token, 'list_places');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ error: { message: TOKEN_REFUSALS.revoked } });
    expect((await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: c.clientId })).json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('when the code is exchanged by another client, for another resource, with another redirect URI or after it expired, then the RFC error and nothing issued', async () => {
    const other = await registerClient(app);
    const before = await tokenCount();
    expect((await exchange({ ...(await codeFor()), clientId: other.client_id })).json()).toMatchObject({ error: 'invalid_grant' });
    expect((await exchange(await codeFor(), { resource: 'https://otro.example/mcp' })).json()).toMatchObject({ error: 'invalid_target' });
    expect((await exchange(await codeFor(), { redirect_uri: 'http://127.0.0.1:8976/otra' })).json()).toMatchObject({ error: 'invalid_grant' });
    const late = await codeFor();
    await db.execute(`update oauth_codes set expires_at = now() - interval '1 second' where code_hash = '${hashSecret(late.code)}'`);
    expect((await exchange(late)).json()).toMatchObject({ error: 'invalid_grant', error_description: 'El código de autorización ha caducado.' });
    const unknown = await exchange({ ...(await codeFor()), clientId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ error: 'invalid_client' });
    expect((await token({ grant_type: 'password', username: 'a', password: 'b' })).json()).toMatchObject({ error: 'unsupported_grant_type' });
    expect((await token({})).json()).toMatchObject({ error: 'invalid_request' });
    const malformed = await app.inject({ method: 'POST', url: '/oauth/token', headers: { 'content-type': 'application/json' }, payload: '{nope' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error: 'invalid_request' });
    expect(await tokenCount()).toBe(before);
  });

  it('when a refresh token is used, then it rotates; using the old one again revokes the whole family', async () => {
    const owner = await sessions(app, container).signedIn('pro_agency');
    const t = await oauthTokens(app, owner.headers, owner.user.id);
    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: t.refreshToken, client_id: t.clientId, resource });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const next = refreshed.json<{ access_token: string; refresh_token: string }>();
    expect(next.refresh_token).not.toBe(t.refreshToken);
    expect((await toolCall(app, next.access_token, 'list_places')).statusCode).toBe(200);
    const reused = await token({ grant_type: 'refresh_token', refresh_token: t.refreshToken, client_id: t.clientId });
    expect(reused.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await toolCall(app, next.access_token, 'list_places')).statusCode).toBe(401);
    expect((await token({ grant_type: 'refresh_token', refresh_token: next.refresh_token, client_id: t.clientId })).json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('when an access token has expired or was issued for another resource, then 401 invalid_token', async () => {
    const owner = await sessions(app, container).signedIn('pro_agency');
    const expired = await oauthTokens(app, owner.headers, owner.user.id);
    await db.update(tokensTable).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(tokensTable.tokenHash, hashSecret(expired.accessToken)));
    const res = await toolCall(app, expired.accessToken, 'list_places');
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toMatch(/error="invalid_token"/);
    expect(res.json()).toMatchObject({ error: { message: TOKEN_REFUSALS.expired } });
    // A grant made while the server answered at another address (another APP_URL): not for this /mcp.
    const elsewhere = await oauthTokens(app, owner.headers, owner.user.id);
    const [row] = await db.select({ grantId: tokensTable.grantId }).from(tokensTable).where(eq(tokensTable.tokenHash, hashSecret(elsewhere.accessToken)));
    await db.update(oauthGrants).set({ resource: 'https://otra.example/mcp' }).where(eq(oauthGrants.id, row?.grantId ?? ''));
    expect((await toolCall(app, elsewhere.accessToken, 'list_places')).json()).toMatchObject({ error: { message: TOKEN_REFUSALS.wrong_resource } });
    // A refresh token is no access token.
    expect((await toolCall(app, elsewhere.refreshToken, 'list_places')).statusCode).toBe(401);
  });

  it('when a Cliente connects, then read tools run and the others are refused by the permission table; removed from the workspace, the next call is 401', async () => {
    const owner = await sessions(app, container).signedIn('pro_agency');
    const person = await sessions(app, container).signedIn();
    const headers = await joinWorkspace(container, owner.user.id, person.user.id, 'client');
    const t = await oauthTokens(app, headers, owner.user.id);
    expect((await toolCall(app, t.accessToken, 'list_places')).json().result).toMatchObject({ structuredContent: { places: [] } });
    expect((await toolCall(app, t.accessToken, 'get_credits')).json().result).toMatchObject({ isError: true, _meta: { code: 'ROLE_FORBIDDEN' } });
    expect((await toolCall(app, t.accessToken, 'run_scan', { keywordId: '00000000-0000-4000-8000-000000000000' })).json().result).toMatchObject({ isError: true, _meta: { code: 'ROLE_FORBIDDEN' } });
    await db.delete(workspaceMembers).where(eq(workspaceMembers.userId, person.user.id));
    const res = await toolCall(app, t.accessToken, 'list_places');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: { message: TOKEN_REFUSALS.not_member } });
    expect((await token({ grant_type: 'refresh_token', refresh_token: t.refreshToken, client_id: t.clientId })).json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('when the person revokes the app in «Aplicaciones conectadas», then its next MCP call is 401; another person gets 404 for it', async () => {
    const owner = await sessions(app, container).signedIn('pro_agency');
    const t = await oauthTokens(app, owner.headers, owner.user.id);
    await toolCall(app, t.accessToken, 'list_places');
    const list = await app.inject({ method: 'GET', url: '/api/oauth/grants', headers: owner.headers });
    expect(list.statusCode).toBe(200);
    const [connected] = list.json().apps;
    expect(list.json().apps).toHaveLength(1);
    expect(connected).toMatchObject({ clientName: 'Asistente de pruebas', redirectHost: '127.0.0.1:8976', workspaceId: owner.user.id, role: 'owner', lastUsedAt: expect.any(String) });
    const stranger = await sessions(app, container).signedIn();
    expect((await app.inject({ method: 'DELETE', url: `/api/oauth/grants/${connected.id}`, headers: stranger.headers })).statusCode).toBe(404);
    expect((await toolCall(app, t.accessToken, 'list_places')).statusCode).toBe(200);
    const revoked = await app.inject({ method: 'DELETE', url: `/api/oauth/grants/${connected.id}`, headers: owner.headers });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ id: connected.id, revokedAt: expect.any(String) });
    expect((await app.inject({ method: 'DELETE', url: `/api/oauth/grants/${connected.id}`, headers: owner.headers })).json()).toEqual(revoked.json());
    expect((await toolCall(app, t.accessToken, 'list_places')).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/oauth/grants', headers: owner.headers })).json().apps).toEqual([]);
  });

  it('when the client revokes its refresh token (RFC 7009), then the grant ends; an unknown token answers the same 200', async () => {
    const owner = await sessions(app, container).signedIn('pro_agency');
    const t = await oauthTokens(app, owner.headers, owner.user.id);
    const unknown = await app.inject({ method: 'POST', url: '/oauth/revoke', ...form({ token: 'rmo_rt_nada', client_id: t.clientId }) });
    expect(unknown.statusCode).toBe(200);
    expect((await toolCall(app, t.accessToken, 'list_places')).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/oauth/revoke', ...form({ token: t.refreshToken, client_id: t.clientId }) })).statusCode).toBe(200);
    expect((await toolCall(app, t.accessToken, 'list_places')).statusCode).toBe(401);
  });
});
