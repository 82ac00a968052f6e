import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changedTables, watchDatabase } from '../../test/fuzz/db-fingerprint';
import { MALFORMED_JSON, hostileString, hostileValue } from '../../test/fuzz/hostile-values';
import { toJsonText } from '../../test/fuzz/json-text';
import { notSpanish } from '../../test/fuzz/response-checks';
import { REDIRECT_URI, authorizeParams, pkcePair, registerClient } from '../../test/oauth-flow';
import { createTestApp } from '../../test/test-app';

// Fuzzing the OAuth protocol endpoints (docs/decisions.md §33.2), which are outside /api and so
// outside fuzz.api.test.ts: hostile forms, JSON and query strings, mixed with a real client id,
// redirect URI and resource so that the handlers run and not only the parsing. For every call:
// never a 5xx; a refusal is one of the RFCs' error codes with a Spanish description; nothing
// issued or stored by a refusal.

const RUNS = 60;
const OAUTH_ERRORS = new Set(['invalid_request', 'invalid_client', 'invalid_grant', 'unsupported_grant_type', 'invalid_target', 'invalid_scope', 'invalid_redirect_uri', 'invalid_client_metadata', 'too_many_requests']);

describe('fuzzed input on the OAuth endpoints', async () => {
  const { app, container } = await createTestApp({ RATE_LIMIT_GLOBAL_MAX: '100000' });
  const watch = await watchDatabase(container.database);
  const { client_id: clientId } = await registerClient(app);
  const real = { ...authorizeParams(app, clientId, pkcePair().challenge), code: 'rmo_ac_x', code_verifier: pkcePair().verifier, refresh_token: 'rmo_rt_x', token: 'rmo_at_x' };
  const fields = ['grant_type', 'client_id', 'code', 'code_verifier', 'redirect_uri', 'refresh_token', 'resource', 'token', 'token_type_hint'];
  const fieldValue = (name: string) =>
    fc.oneof(hostileString, fc.constant((real as Record<string, string>)[name] ?? ''), fc.constantFrom('authorization_code', 'refresh_token', 'client_credentials', clientId, REDIRECT_URI));
  const form = fc.array(fc.constantFrom(...fields).chain((name) => fieldValue(name).map((v) => [name, v] as const)), { maxLength: 8 });

  /** Why an OAuth error answer breaks a rule, or null. */
  const problemOf = (status: number, body: string): string | null => {
    if (status >= 500) return `HTTP ${status}: ${body.slice(0, 300)}`;
    if (status < 400) return null;
    let parsed: { error?: unknown; error_description?: unknown };
    try {
      parsed = JSON.parse(body) as typeof parsed;
    } catch {
      return `not JSON: ${body.slice(0, 300)}`;
    }
    if (typeof parsed.error !== 'string' || !OAUTH_ERRORS.has(parsed.error)) return `not an RFC error code: ${body.slice(0, 300)}`;
    if (typeof parsed.error_description !== 'string') return `no description: ${body.slice(0, 300)}`;
    return notSpanish(parsed.error_description);
  };

  const unchangedBy = async (send: () => Promise<{ statusCode: number; body: string }>, what: string) => {
    const before = { counter: await watch.writeCounter(), fingerprint: await watch.fingerprint() };
    const res = await send();
    expect(problemOf(res.statusCode, res.body), `${what} → ${res.statusCode} ${res.body.slice(0, 300)}`).toBeNull();
    if (res.statusCode >= 400 && (await watch.writeCounter()) !== before.counter)
      expect(changedTables(before.fingerprint, await watch.fingerprint()), `a refused call changed the database: ${what}`).toEqual([]);
    return res.statusCode;
  };

  it('when the token and revocation endpoints get hostile forms, then RFC errors in Spanish, never a 5xx, nothing issued', async () => {
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(form, fc.constantFrom('/oauth/token', '/oauth/revoke'), async (pairs, url) => {
        const payload = new URLSearchParams(pairs.map(([k, v]): [string, string] => [k, v])).toString();
        const status = await unchangedBy(() => app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload }), `${url} ${payload.slice(0, 200)}`);
        if (status >= 400) refused++;
      }),
      { numRuns: RUNS },
    );
    expect(refused).toBeGreaterThan(0);
    for (const payload of MALFORMED_JSON) await unchangedBy(() => app.inject({ method: 'POST', url: '/oauth/token', headers: { 'content-type': 'application/json' }, payload }), `JSON ${payload}`);
  });

  it('when registration gets hostile JSON, then invalid_client_metadata or invalid_redirect_uri in Spanish, never a 5xx, no client stored', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(hostileValue, fc.record({ redirect_uris: fc.oneof(hostileValue, fc.array(hostileString, { maxLength: 3 })), client_name: hostileValue })), async (body) => {
        const payload = toJsonText(body as Parameters<typeof toJsonText>[0]);
        await unchangedBy(() => app.inject({ method: 'POST', url: '/oauth/register', headers: { 'content-type': 'application/json' }, payload }), `register ${payload.slice(0, 200)}`);
      }),
      { numRuns: RUNS },
    );
  });

  it('when the authorization endpoint gets hostile query strings, then an error page or a redirect to the registered URI only, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.constantFrom('client_id', 'redirect_uri', 'response_type', 'code_challenge', 'code_challenge_method', 'resource', 'state', 'scope'), fc.oneof(hostileString, fc.constantFrom(clientId, REDIRECT_URI, 'code', 'S256', real.resource, real.code_challenge))), async (query) => {
        const res = await app.inject({ method: 'GET', url: `/oauth/authorize?${new URLSearchParams(query).toString()}` });
        expect(res.statusCode, res.body.slice(0, 200)).toBeLessThan(500);
        if (res.statusCode === 302) {
          const location = String(res.headers.location);
          // Either our consent screen, or the client's registered redirect URI: never anywhere else.
          expect(location.startsWith('/autorizar?') || location.startsWith(`${REDIRECT_URI}?`), location).toBe(true);
        } else expect(res.statusCode).toBe(400);
      }),
      { numRuns: RUNS },
    );
  });
});
