import { CORS_PATHS } from '../modules/oauth/oauth-cors';
import { COOKIE_REFRESH, COOKIE_XSRF, STORAGE_TOKEN_KEY } from '@rankmaps/shared/constants';
import type { RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';
import { createConfirmedUser, refresh } from '../../test/sessions';

// Cross-site request forgery. A forged request from another site carries the victim's
// cookies and nothing else: it cannot set an Authorization header or read the XSRF cookie.
// So (1) no route may accept a cookie as its credentials, except the session endpoints
// under /api/auth, which must then demand the X-XSRF-TOKEN header; (2) no answer may be
// readable cross-origin; (3) no JSON endpoint may take a body an HTML form can send.
// The cases come from the route table, so a new route is covered when it is added.

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** What an HTML <form> on another site can send without a CORS preflight. */
const FORM_TYPES = ['application/x-www-form-urlencoded', 'text/plain'];

const fill = (url: string) =>
  url.replace(/:[A-Za-z]+/g, (m) => (m === ':type' ? 'user' : '00000000-0000-4000-8000-000000000000')).replace('*', 'x');
const methodsOf = (route: RouteOptions): string[] => [route.method].flat().map(String);

describe('CSRF protections, derived from the route table', async () => {
  const { app, container } = await createTestApp();
  const routes = app.routeTable.filter((r) => !methodsOf(r).includes('HEAD') || methodsOf(r).length > 1);
  const isProtected = (r: RouteOptions) => [r.onRequest].flat().includes(app.authenticate);
  const byMethod = (pred: (r: RouteOptions) => boolean) =>
    routes.filter(pred).flatMap((r) =>
      methodsOf(r)
        .filter((m) => m !== 'HEAD' && m !== 'OPTIONS')
        .map((method) => ({ method, url: r.url })),
    );

  const protectedCalls = byMethod(isProtected);
  const authCalls = byMethod((r) => r.url.startsWith('/api/auth/')).filter((c) => STATE_CHANGING.has(c.method));
  const jsonBodyCalls = byMethod(
    (r) => Boolean(r.schema?.body) && !(r.schema as { consumes?: string[] }).consumes?.includes('multipart/form-data'),
  ).filter((c) => STATE_CHANGING.has(c.method));

  it('finds the protected routes, the session routes and the JSON routes to check', () => {
    expect(protectedCalls.length).toBeGreaterThan(30);
    expect(authCalls.map((c) => c.url)).toEqual(expect.arrayContaining(['/api/auth/refresh', '/api/auth/logout/']));
    expect(jsonBodyCalls.length).toBeGreaterThan(15);
  });

  it('when any protected route gets the session cookies and even the access token as a cookie, but no Authorization header, then it answers 401', async () => {
    const { accessToken, session } = await createConfirmedUser(app, container);
    const cookie = `${COOKIE_REFRESH}=${session.refresh}; ${COOKIE_XSRF}=${session.xsrf}; ${STORAGE_TOKEN_KEY}=${accessToken}; token=${accessToken}`;
    const failures: string[] = [];
    for (const { method, url } of protectedCalls) {
      const res = await app.inject({
        method: method,
        url: fill(url),
        headers: { cookie, 'x-xsrf-token': session.xsrf },
        ...(STATE_CHANGING.has(method) ? { payload: {} } : {}),
      });
      if (res.statusCode !== 401) failures.push(`${method} ${url} → ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
    // The same token in the header does work: the 401s above are about where it was sent.
    expect(
      (await app.inject({ method: 'GET', url: '/api/user/profile', headers: { authorization: `Bearer ${accessToken}` } })).statusCode,
    ).toBe(200);
  });

  it('when any state-changing /api/auth route is called with the session cookie but a forged XSRF header, then no new session is issued and the session survives', async () => {
    const { session } = await createConfirmedUser(app, container);
    for (const forged of [undefined, 'forjado', `${session.xsrf.slice(0, -1)}x`]) {
      for (const { method, url } of authCalls) {
        const headers: Record<string, string> = {
          cookie: `${COOKIE_REFRESH}=${session.refresh}; ${COOKIE_XSRF}=${session.xsrf}`,
          ...(forged ? { 'x-xsrf-token': forged } : {}),
        };
        const res = await app.inject({ method: method, url: fill(url), headers, payload: {} });
        const label = `${method} ${url} with XSRF ${forged ?? '(none)'}`;
        expect(res.statusCode, label).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, label).toBeLessThan(500);
        expect(res.body, label).not.toContain('accessToken');
      }
    }
    // Neither refresh nor logout acted on the forged requests: the session still rotates.
    expect((await refresh(app, session)).statusCode).toBe(200);
  });

  it('when a request comes from another origin, then no route allows the answer to be read cross-site (no CORS headers), except the OAuth and MCP protocol endpoints, which take no cookie (any origin, never credentials)', async () => {
    const { accessToken } = await createConfirmedUser(app, container);
    const origin = 'https://atacante.example';
    const urls = [...new Set(routes.map((r) => fill(r.url)))];
    // docs/decisions.md §33.9: browser-based MCP clients; each takes a bearer token or a PKCE-bound code, never a cookie.
    expect(urls).toEqual(expect.arrayContaining([...CORS_PATHS]));
    for (const url of urls) {
      const preflight = await app.inject({
        method: 'OPTIONS',
        url,
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
      });
      expect(preflight.headers['access-control-allow-origin'], url).toBe(CORS_PATHS.includes(url) ? '*' : undefined);
      expect(preflight.headers['access-control-allow-credentials'], url).toBeUndefined();
    }
    const read = await app.inject({ method: 'GET', url: '/api/user/profile', headers: { origin, authorization: `Bearer ${accessToken}` } });
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('when a JSON route gets a body an HTML form can send (url-encoded or text/plain), then it refuses it in Spanish without acting', async () => {
    const { accessToken } = await createConfirmedUser(app, container);
    const failures: string[] = [];
    for (const { method, url } of jsonBodyCalls) {
      for (const type of FORM_TYPES) {
        const res = await app.inject({
          method: method,
          url: fill(url),
          headers: { 'content-type': type, authorization: `Bearer ${accessToken}` },
          payload: type === 'text/plain' ? '{"name":"forjado"}' : 'name=forjado&email=a%40b.es',
        });
        const error: unknown = res.statusCode >= 400 ? res.json().error : undefined;
        if (res.statusCode < 400 || res.statusCode >= 500 || typeof error !== 'string')
          failures.push(`${method} ${url} (${type}) → ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
