import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authorizeParams, consent, oauthTokens, pkcePair, registerClient } from '../../../test/oauth-flow';
import { sessions } from '../../../test/sessions';
import { createTestApp } from '../../../test/test-app';
import { oauthCodes, oauthTokens as tokensTable } from '../../db/oauth-schema';
import { handleOAuthPurge } from '../../jobs/handlers/oauth-purge';
import { CORS_ALLOW_HEADERS } from './oauth-cors';
import { hashSecret } from './oauth-secrets';
import { OAUTH_PURGE_GRACE_MS, purgeExpiredOAuth } from './oauth-purge';

// The OAuth loose ends of issue 32 (docs/decisions.md §33.9 and docs/decisions.md §33.10): CORS on the endpoints a
// browser-based MCP client fetches, and the purge of expired codes and tokens.

describe('OAuth: CORS for browser clients, and the purge of expired codes and tokens', async () => {
  const { app, container } = await createTestApp({ RATE_LIMIT_API_MAX: '10000' });
  const db = container.database.db;
  const ORIGIN = 'https://asistente.example';

  it('when a browser preflights the OAuth endpoints and /mcp, then 204 with any origin, the methods and headers, and never credentials', async () => {
    for (const [url, method] of [
      ['/.well-known/oauth-protected-resource/mcp', 'GET'],
      ['/.well-known/oauth-authorization-server', 'GET'],
      ['/oauth/register', 'POST'],
      ['/oauth/token', 'POST'],
      ['/oauth/revoke', 'POST'],
      ['/mcp', 'POST'],
    ] as const) {
      const res = await app.inject({
        method: 'OPTIONS',
        url,
        headers: {
          origin: ORIGIN,
          'access-control-request-method': method,
          'access-control-request-headers': 'authorization, content-type',
        },
      });
      expect(res.statusCode, url).toBe(204);
      expect(res.headers['access-control-allow-origin'], url).toBe('*');
      expect(String(res.headers['access-control-allow-methods']), url).toContain(method);
      expect(res.headers['access-control-allow-headers'], url).toBe(CORS_ALLOW_HEADERS);
      expect(res.headers['access-control-allow-credentials'], url).toBeUndefined();
    }
  });

  it('when a browser fetches the metadata, registers, is refused a token or calls /mcp without one, then each answer allows any origin and /mcp exposes its challenge', async () => {
    const metadata = await app.inject({ method: 'GET', url: '/.well-known/oauth-authorization-server', headers: { origin: ORIGIN } });
    expect(metadata.statusCode).toBe(200);
    expect(metadata.headers['access-control-allow-origin']).toBe('*');
    const registered = await app.inject({
      method: 'POST',
      url: '/oauth/register',
      headers: { origin: ORIGIN },
      payload: { client_name: 'Navegador', redirect_uris: ['https://asistente.example/cb'] },
    });
    expect(registered.statusCode).toBe(201);
    expect(registered.headers['access-control-allow-origin']).toBe('*');
    const refused = await app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { origin: ORIGIN },
      payload: { grant_type: 'authorization_code', code: 'x' },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ error: 'invalid_client' });
    expect(refused.headers['access-control-allow-origin']).toBe('*');
    const mcp = await app.inject({
      method: 'POST',
      url: '/mcp',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      payload: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    });
    expect(mcp.statusCode).toBe(401);
    expect(mcp.headers['access-control-allow-origin']).toBe('*');
    expect(String(mcp.headers['access-control-expose-headers'])).toContain('www-authenticate');
    expect(mcp.headers['www-authenticate']).toContain('resource_metadata=');
    // The consent API is the app's own, for its own origin: no CORS there.
    const session = await app.inject({ method: 'GET', url: '/api/oauth/grants', headers: { origin: ORIGIN } });
    expect(session.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('when codes and tokens are a day past their expiry, then the purge deletes them and only them, live tokens keep working, and a second run deletes nothing', async () => {
    const { user, headers } = await sessions(app, container).signedIn('pro_agency');
    const live = await oauthTokens(app, headers, user.id);
    const old = await oauthTokens(app, headers, user.id);
    // An authorization code never exchanged.
    const { client_id: clientId } = await registerClient(app);
    const unused = await consent(app, headers, authorizeParams(app, clientId, pkcePair().challenge), user.id);
    const longAgo = new Date(Date.now() - OAUTH_PURGE_GRACE_MS - 60_000);
    const oldHashes = [hashSecret(old.accessToken), hashSecret(old.refreshToken)];
    await db.update(tokensTable).set({ expiresAt: longAgo }).where(inArray(tokensTable.tokenHash, oldHashes));
    await db
      .update(oauthCodes)
      .set({ expiresAt: longAgo })
      .where(eq(oauthCodes.codeHash, hashSecret(unused)));
    // Expired only an hour ago: inside the grace, kept.
    const recent = await oauthTokens(app, headers, user.id);
    await db
      .update(tokensTable)
      .set({ expiresAt: new Date(Date.now() - 3600_000) })
      .where(eq(tokensTable.tokenHash, hashSecret(recent.accessToken)));

    const first = await purgeExpiredOAuth(container);
    expect(first.tokens).toBeGreaterThanOrEqual(2);
    expect(first.codes).toBeGreaterThanOrEqual(1);
    expect(await db.select().from(tokensTable).where(inArray(tokensTable.tokenHash, oldHashes))).toEqual([]);
    expect(
      await db
        .select()
        .from(oauthCodes)
        .where(eq(oauthCodes.codeHash, hashSecret(unused))),
    ).toEqual([]);
    expect(
      await db
        .select()
        .from(tokensTable)
        .where(eq(tokensTable.tokenHash, hashSecret(recent.accessToken))),
    ).toHaveLength(1);
    const call = await app.inject({
      method: 'POST',
      url: '/mcp',
      headers: {
        authorization: `Bearer ${live.accessToken}`,
        accept: 'application/json, text/event-stream',
        'content-type': 'application/json',
      },
      payload: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    });
    expect(call.statusCode).toBe(200);
    expect(await purgeExpiredOAuth(container)).toEqual({ codes: 0, tokens: 0 });
    // The scheduled job's handler runs the same purge.
    await expect(handleOAuthPurge(container)).resolves.toBeUndefined();
  });
});
