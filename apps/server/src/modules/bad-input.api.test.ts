import { randomUUID } from 'node:crypto';
import { COOKIE_REFRESH, COOKIE_XSRF } from '@rankmaps/shared/constants';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';
import { createConfirmedUser, sessions } from '../../test/sessions';
import { grantOperator } from './operator/operator.service';

// A sweep over every route in the OpenAPI document: malformed input must get a clear 400
// (413 for an oversize body), never a 500. New routes are covered as soon as they exist.

interface JsonSchema {
  type?: string | string[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
}
interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
type OpenApiPaths = Record<string, Record<string, Operation>>;

interface Route {
  method: string;
  path: string;
  op: Operation;
}

const BODY_METHODS = new Set(['post', 'put', 'patch']);
const OVERSIZE = `{"x":"${'a'.repeat(1024 * 1024 + 10)}"}`;
const GARBAGE_PARAMS = [
  '%00',
  '..%2F..%2Fetc%2Fpasswd',
  encodeURIComponent("' OR 1=1; DROP TABLE users; --"),
  'x'.repeat(300),
  '%F0%9F%92%A9',
  '%E2%82',
  '-1',
  '1e309',
  'NaN',
  '%20',
  encodeURIComponent('<script>alert(1)</script>'),
  encodeURIComponent('{"$ne":null}'),
];

/** A plausible value per parameter, so that a sweep of one parameter is not hidden by another. */
const validParam = (name: string) => (name === 'type' ? 'user' : randomUUID());

function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_m, name: string) => values[name] ?? validParam(name));
}

function typeOf(schema: JsonSchema | undefined): string | undefined {
  const t = schema?.type;
  // OpenAPI 3.1 writes a nullable value as anyOf [its type, null].
  if (!t && schema?.anyOf) return schema.anyOf.map(typeOf).find((x) => x && x !== 'null');
  return Array.isArray(t) ? t.find((x) => x !== 'null') : t;
}

/** Every property given a value of the wrong JSON type. */
function wrongTypes(schema: JsonSchema): Record<string, unknown> {
  const wrong: Record<string, unknown> = {};
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    const t = typeOf(prop);
    wrong[name] = t === 'string' ? 12345 : t === 'number' || t === 'integer' ? 'no-es-un-numero' : t === 'boolean' ? 'quizas' : t === 'array' ? { a: 1 } : 'texto';
  }
  return wrong;
}

function expectCleanError(res: { statusCode: number; json(): { error?: unknown } }, allowed: number[], label: string) {
  expect(res.statusCode, label).not.toBe(500);
  expect(allowed, `${label} → ${res.statusCode}`).toContain(res.statusCode);
  const error = res.json().error;
  expect(typeof error === 'string' && error.trim().length > 0, `${label}: error message`).toBe(true);
}

describe('malformed input on every route', async () => {
  const { app, container } = await createTestApp();
  const user = await createConfirmedUser(app, container);
  // Also a support operator, so the operator routes get past their role check to the validation.
  await grantOperator(container.database, user.email);
  // Signed in with cookies and the XSRF header, so no route stops at authentication and
  // validation itself is what gets exercised.
  const headers = {
    authorization: `Bearer ${user.accessToken}`,
    cookie: `${COOKIE_REFRESH}=${user.session.refresh}; ${COOKIE_XSRF}=${user.session.xsrf}`,
    'x-xsrf-token': user.session.xsrf,
  };
  // /api/v1 takes an API key (docs/decisions.md §26.1), checked before the body is read: a key
  // with both scopes of a user on an agency plan, so the sweep reaches v1's validation.
  const agency = await sessions(app, container).signedIn('pro_agency');
  const created = await app.inject({ method: 'POST', url: '/api/api-keys', headers: agency.headers, payload: { name: 'Entrada mala', scopes: ['read', 'scans'] } });
  const apiKeyHeaders = { authorization: `Bearer ${created.json<{ key: string }>().key}` };
  const headersFor = (url: string) => (url.startsWith('/api/v1/') ? apiKeyHeaders : headers);
  // Both references: the public one (/api/v1) and the internal one (the session API).
  const docs = await Promise.all(['/api/docs/json', '/api/docs/internal/json'].map(async (url) => (await app.inject({ method: 'GET', url })).json<{ paths: OpenApiPaths }>()));
  const routes: Route[] = docs.flatMap((doc) => Object.entries(doc.paths)).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ method, path, op })),
  );
  const bodyRoutes = routes.filter((r) => BODY_METHODS.has(r.method));
  const paramRoutes = routes.filter((r) => /\{\w+\}/.test(r.path));

  it('finds the routes to sweep in the OpenAPI document', () => {
    expect(bodyRoutes.map((r) => r.path)).toEqual(expect.arrayContaining(['/api/auth/signup/user', '/api/auth/login/user', '/api/auth/refresh']));
    expect(paramRoutes.map((r) => r.path)).toContain('/api/auth/confirm-email/{type}/{token}');
  });

  describe.each(bodyRoutes.map((r) => [`${r.method.toUpperCase()} ${r.path}`, r] as const))('%s', (_label, route) => {
    const url = fillPath(route.path, {});
    const method = route.method.toUpperCase() as 'POST' | 'PUT' | 'PATCH';
    const content = route.op.requestBody?.content;
    const schema = content?.['application/json']?.schema;
    const takesJson = Boolean(schema);
    // Multipart-only routes may refuse JSON as a media type instead.
    const refused = content && !takesJson ? [400, 415] : [400];
    const send = (payload: string) => app.inject({ method, url, headers: { ...headersFor(url), 'content-type': 'application/json' }, payload });

    it('when the JSON is malformed, then it answers 400', async () => {
      expectCleanError(await send('{"email": "a@b.es",'), refused, 'malformed');
    });

    it('when the body is over 1 MB, then it answers 413 or 400', async () => {
      expectCleanError(await send(OVERSIZE), [...refused, 413], 'oversize');
    });

    if (!route.op.requestBody) {
      // A route without a declared body ignores one; it must still never fail.
      it('when it gets an unexpected JSON body, then it does not fail', async () => {
        for (const payload of ['[]', '"texto"', '{"inesperado":1}']) {
          const res = await send(payload);
          expect(res.statusCode, payload).toBeLessThan(500);
        }
      });
      return;
    }

    it('when the body is a JSON array, then it answers 400', async () => {
      expectCleanError(await send('[{"email":"a@b.es"}]'), refused, 'array');
    });

    it('when the body is a bare string or number, then it answers 400', async () => {
      expectCleanError(await send('"texto"'), refused, 'string');
      expectCleanError(await send('42'), refused, 'number');
    });

    if (schema && Object.keys(schema.properties ?? {}).length > 0) {
      it('when every field has the wrong type, then it answers 400', async () => {
        expectCleanError(await send(JSON.stringify(wrongTypes(schema))), refused, 'wrong types');
      });
    }

    if (schema?.required?.length) {
      it('when the required fields are missing, then it answers 400', async () => {
        expectCleanError(await send('{}'), refused, 'missing fields');
      });
    }
  });

  describe.each(paramRoutes.map((r) => [`${r.method.toUpperCase()} ${r.path}`, r] as const))('%s', (_label, route) => {
    const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    const method = route.method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

    it.each(names)('when the path parameter "%s" is garbage, then it never answers 500', async (name) => {
      for (const garbage of GARBAGE_PARAMS) {
        const url = fillPath(route.path, { [name]: garbage });
        const res = await app.inject({
          method,
          url,
          headers: headersFor(url),
          ...(BODY_METHODS.has(route.method) ? { payload: {} } : {}),
        });
        expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
        if (res.statusCode >= 400) {
          const error = res.json().error;
          expect(typeof error === 'string' && error.length > 0, `${method} ${url}: error message`).toBe(true);
        }
      }
    });
  });
});
