import { describe, expect, it } from 'vitest';
import { newApiKey } from '../../test/mcp-client';
import { sessions } from '../../test/sessions';
import { createTestApp } from '../../test/test-app';
import { AppError } from '../errors';
import { FORBIDDEN_KEY, parseJsonBody } from './json-body-parser';

// A JSON body with a key that reaches a prototype is refused as Fastify refuses it, but with
// the truth (docs/api.md «Errors»): 400 FORBIDDEN_KEY naming the key, on every route.

const codeOf = (text: string) => {
  try {
    parseJsonBody(text);
    return null;
  } catch (err) {
    return (err as { code?: string }).code ?? 'none';
  }
};

describe('parseJsonBody', () => {
  it('when a body is parsed, then it keeps secure-json-parse’s refusals, named, and Fastify’s other errors', () => {
    expect(parseJsonBody('{"a":[1,{"b":null}],"constructor":"x","prototype":{}}')).toEqual({
      a: [1, { b: null }],
      constructor: 'x',
      prototype: {},
    });
    expect(parseJsonBody('\ufeff[1]')).toEqual([1]);
    expect(parseJsonBody('"__proto__"')).toBe('__proto__');
    for (const text of [
      '{"__proto__":{"polluted":"sí"}}',
      '{"a":[{"__proto__":null}]}',
      '{"\\u005f\\u005fproto__":1}',
      '{"__proto__" :1}',
    ]) {
      expect(codeOf(text), text).toBe('FORBIDDEN_KEY');
    }
    for (const text of ['{"constructor":{"prototype":{"polluted":"sí"}}}', '{"a":{"b":{"constructor":{"prototype":null}}}}']) {
      expect(codeOf(text), text).toBe('FORBIDDEN_KEY');
    }
    expect(() => parseJsonBody('{"__proto__":1}')).toThrow(new AppError('FORBIDDEN_KEY', FORBIDDEN_KEY('__proto__'), 400));
    expect(() => parseJsonBody('{"constructor":{"prototype":1}}')).toThrow(FORBIDDEN_KEY('constructor'));
    expect(codeOf('')).toBe('FST_ERR_CTP_EMPTY_JSON_BODY');
    expect(codeOf('{')).toBe('FST_ERR_CTP_INVALID_JSON_BODY');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('when a body nests deeply, then it is walked without running out of stack', () => {
    const depth = 5000;
    expect(codeOf(`${'['.repeat(depth)}{"__proto__":1}${']'.repeat(depth)}`)).toBe('FORBIDDEN_KEY');
    expect(codeOf(`${'{"a":'.repeat(depth)}{"__proto__x":1}${'}'.repeat(depth)}`)).toBeNull();
  });
});

describe('a __proto__ key in a JSON body (API)', async () => {
  const { app, container } = await createTestApp();
  const refusal = { error: 'El cuerpo contiene una clave no permitida («__proto__»).', code: 'FORBIDDEN_KEY' };
  const json = { 'content-type': 'application/json' };
  /** `payload` as the JSON text of the body, byte for byte, as a client writing it by hand sends it. */
  const sendJson = (method: 'POST' | 'PUT', url: string, headers: Record<string, string>, payload: string) =>
    app.inject({ method, url, headers: { ...headers, ...json }, payload });

  it('when a public or a session route gets one, then 400 FORBIDDEN_KEY in Spanish, not «no es un JSON válido»', async () => {
    const login = await sendJson('POST', '/api/auth/login/user', {}, '{"email":"a@b.es","password":"x","__proto__":{"admin":true}}');
    expect(login.statusCode).toBe(400);
    expect(login.json()).toEqual(refusal);
    const { headers } = await sessions(app, container).signedIn();
    const place = await sendJson('PUT', '/api/place/active-place', headers, '{"placeId":null,"__proto__":{"admin":true}}');
    expect(place.statusCode).toBe(400);
    expect(place.json()).toEqual(refusal);
    const ctor = await sendJson('PUT', '/api/place/active-place', headers, '{"constructor":{"prototype":{"admin":true}}}');
    expect(ctor.json()).toEqual({ error: 'El cuerpo contiene una clave no permitida («constructor»).', code: 'FORBIDDEN_KEY' });
    const broken = await sendJson('PUT', '/api/place/active-place', headers, '{"placeId":');
    expect(broken.json()).toEqual({ error: 'El cuerpo de la petición no es un JSON válido.', code: 'FST_ERR_CTP_INVALID_JSON_BODY' });
  });

  it('when an /api/v1 route or /mcp gets one, then the same refusal (a JSON-RPC error on /mcp)', async () => {
    const { headers } = await sessions(app, container).signedIn('pro_agency');
    const { key } = await newApiKey(app, headers);
    const bearer = { authorization: `Bearer ${key}` };
    const v1 = await sendJson('POST', '/api/v1/share-links', bearer, '{"scope":"place","targetId":"x","__proto__":{"admin":true}}');
    expect(v1.statusCode).toBe(400);
    expect(v1.json()).toEqual(refusal);
    const mcp = await sendJson(
      'POST',
      '/mcp',
      { ...bearer, accept: 'application/json, text/event-stream' },
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_places","arguments":{"__proto__":{"admin":true}}}}',
    );
    expect(mcp.statusCode).toBe(400);
    expect(mcp.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: refusal.error, data: { code: 'FORBIDDEN_KEY' } },
    });
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});
