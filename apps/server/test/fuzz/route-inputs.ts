import { declarationOf } from '../../src/plugins/route-declaration';
import type { FastifyInstance, HTTPMethods, RouteOptions } from 'fastify';
import fc from 'fast-check';
import { z } from 'zod';
import { multipartBody } from '../multipart';
import { hostileString, hostileValue, MALFORMED_JSON, PROTO_KEYS } from './hostile-values';
import { type JsonValue, JsonObject, RawJson, toJsonText } from './json-text';
import { type JsonSchema, type KnownIds, type Validity, idHint, inputsFor, jsonSchemaOf } from './schema-values';

type Method = Exclude<HTTPMethods, 'HEAD' | 'head'>;

/** One route of app.routeTable, as the fuzzer sees it. */
export interface FuzzRoute {
  method: Method;
  /** Fastify's pattern, e.g. /api/place/:id/competitors/:competitorId. */
  url: string;
  params: string[];
  querystring?: JsonSchema;
  body?: JsonSchema;
  /** The zod schemas themselves, to tell a valid input from an invalid one. */
  zod: { querystring?: z.ZodType; body?: z.ZodType };
  multipart: boolean;
  authenticated: boolean;
  /**
   * A route with effects and no input schema ignores its input: whatever the parser accepts
   * runs it (cancelling the subscription, say). It only gets input the parser must refuse.
   */
  inputBlind: boolean;
  /** The statuses its OpenAPI answers list (a download's 200 included); null for a route left out of the reference. */
  documented: number[] | null;
}

export interface FuzzRequest {
  method: Method;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

const READ_METHODS = new Set(['GET', 'OPTIONS']);

/** Every route the app registered, one entry per method. HEAD is left out: Fastify answers it with the GET handler, which is fuzzed as GET. */
export function fuzzRoutes(app: FastifyInstance): FuzzRoute[] {
  return app.routeTable.flatMap((route: RouteOptions) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method])
      .map((m) => m.toUpperCase())
      .filter((m) => m !== 'HEAD') as Method[];
    const schema = (route.schema ?? {}) as { params?: unknown; querystring?: unknown; body?: unknown; consumes?: string[]; response?: object; hide?: boolean };
    const documented = schema.hide
      ? null
      : [...Object.keys(schema.response ?? {}).map(Number), ...(declarationOf(route)?.download ? [200] : [])];
    const hooks = [route.onRequest ?? []].flat();
    const params = [...route.url.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? '*');
    const querystring = jsonSchemaOf(schema.querystring);
    const body = jsonSchemaOf(schema.body);
    return methods.map((method) => ({
      method,
      url: route.url,
      params,
      querystring,
      body,
      zod: { querystring: asZod(schema.querystring), body: asZod(schema.body) },
      multipart: schema.consumes?.includes('multipart/form-data') ?? false,
      authenticated: hooks.includes(app.authenticate),
      inputBlind: !READ_METHODS.has(method) && !body && !querystring && params.length === 0,
      documented,
    }));
  });
}

const asZod = (schema: unknown) => (schema instanceof z.ZodType ? schema : undefined);

/** Where the fuzzer finds the user's real ids and the bodies known to be accepted. */
export interface FuzzContext {
  known: KnownIds;
  /** The credential for a route: the session's token, or an API key on /api/v1 (docs/decisions.md §26.1). */
  bearer(url: string): string;
  /** Bodies (query objects for GET) accepted before by the route ("POST /api/place"). */
  examples(route: string): readonly JsonValue[];
}

function validityOf(schema: z.ZodType | undefined, examples: () => readonly JsonValue[] = () => []): Validity {
  return { accepts: (value) => schema?.safeParse(value).success ?? true, examples };
}

const encodeSegment = (value: string) => {
  try {
    return encodeURIComponent(value);
  } catch {
    // A lone surrogate has no UTF-8 form: send the bytes a careless client would.
    return '%ED%A0%80';
  }
};

/** Percent-encoding that is itself broken, and traversal attempts, sent as they are. */
const RAW_SEGMENTS = [
  '%',
  '%E2%82',
  '%ZZ',
  '%00',
  '%2F',
  '..%2F..%2Fpackage.json',
  '%C0%AE%C0%AE%2F',
  '..',
  '.',
  '%252F',
  '%u0041',
  'a%20b',
  '%F0%9F%92%A9',
  '-1',
  '1e309',
  'NaN',
];

/** The kind of resource a path parameter names: "keywordId" → keyword; "id" → the segment before it (/place/:id → place). */
function paramHint(url: string, name: string): string {
  if (name !== 'id') return idHint(name);
  const before = url.split('/:id')[0]?.split('/').pop();
  return before ?? name;
}

function paramValue(name: string, hint: string, known: KnownIds): fc.Arbitrary<string> {
  const hostile = fc.oneof(hostileString.map(encodeSegment), fc.constantFrom(...RAW_SEGMENTS), fc.uuid());
  const real = fc.constant(null).chain(() => {
    const ids = known(hint);
    return ids.length ? fc.constantFrom(...ids.map(encodeSegment)) : fc.uuid();
  });
  // The wildcard also gets several segments.
  const segments =
    name === '*'
      ? fc.array(fc.oneof(hostile, fc.constantFrom('..', 'static', 'avatars')), { minLength: 1, maxLength: 4 }).map((s) => s.join('/'))
      : hostile;
  // Real ids in a quarter of the runs: enough to reach the handlers, few enough that DELETE does not spend the run re-creating what it deleted.
  return fc.oneof({ weight: 1, arbitrary: real }, { weight: 3, arbitrary: segments });
}

/** A query value: strings go as they are, anything else as JSON text. */
const queryText = (v: JsonValue) => (typeof v === 'string' ? v : v instanceof RawJson ? v.text : toJsonText(v));

function queryString(value: JsonValue): string {
  const pairs: [string, string][] =
    value instanceof JsonObject
      ? value.entries.flatMap(([k, v]) =>
          Array.isArray(v)
            ? (v as JsonValue[]).map((item) => [k, queryText(item)] as [string, string])
            : [[k, queryText(v)] as [string, string]],
        )
      : [['q', queryText(value)]];
  return pairs.map(([k, v]) => `${encodeSegment(k)}=${encodeSegment(v)}`).join('&');
}

const RAW_QUERIES = [
  '%',
  'a=%E2%82',
  '&&&=',
  'a[b]=1',
  '__proto__[polluted]=1',
  '__proto__.polluted=1',
  'constructor[prototype][polluted]=1',
  'a=1&a=2&a=3',
  `a=${'x'.repeat(5000)}`,
];

const extraQuery = fc.oneof(
  fc.constantFrom(...RAW_QUERIES),
  fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...PROTO_KEYS), fc.string({ maxLength: 10 })), hostileString), { maxLength: 3 })
    .map((pairs) => pairs.map(([k, v]) => `${encodeSegment(k)}=${encodeSegment(v)}`).join('&')),
);

function queryFor(route: FuzzRoute, ctx: FuzzContext): fc.Arbitrary<string> {
  if (route.querystring) {
    const validity = validityOf(route.zod.querystring, () => ctx.examples(`${route.method} ${route.url}`));
    return fc.oneof(
      { weight: 4, arbitrary: inputsFor(route.querystring, ctx.known, validity).map(queryString) },
      { weight: 1, arbitrary: extraQuery },
    );
  }
  return READ_METHODS.has(route.method) ? fc.oneof(fc.constant(''), extraQuery) : fc.constant('');
}

type Body = { payload?: string | Buffer; headers: Record<string, string> };

const json = (payload: string | Buffer, type = 'application/json'): Body => ({ payload, headers: { 'content-type': type } });

/**
 * Media types no route parses. Left out: text/plain, which Fastify parses for every route,
 * and multipart/form-data, which the users module's routes accept (and read only if they want it).
 */
const FOREIGN_TYPES = [
  'application/xml',
  'application/x-www-form-urlencoded',
  'image/png',
  'application/octet-stream',
  'application/json-patch+jsonx',
  'text/html',
];
const JSON_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json; charset=utf-16',
  'application/json;;;',
];

/** What the body parser must refuse, whatever the route: broken or truncated JSON, prototype keys, foreign media types. */
export const refusedByParser: fc.Arbitrary<Body> = fc.oneof(
  fc.constantFrom(...MALFORMED_JSON.filter((text) => !parses(text) || /__proto__|constructor/.test(text))).map((text) => json(text)),
  fc.tuple(hostileValue, fc.nat()).map(([v, cut]) => {
    const text = toJsonText(new JsonObject([['a', v]]));
    return json(text.slice(0, cut % text.length)); // truncated, so never complete JSON
  }),
  fc.constantFrom(...FOREIGN_TYPES).map((type) => json('{"a":1}', type)),
);

/** Whether Fastify's JSON parser takes the text (it skips a leading byte order mark; JSON.parse does not). */
function parses(text: string): boolean {
  try {
    JSON.parse(text.replace(/^\uFEFF/, ''));
    return text.trim().length > 0;
  } catch {
    return false;
  }
}

function multipartFor(route: FuzzRoute, ctx: FuzzContext): fc.Arbitrary<Body> {
  const fields = inputsFor(
    route.body!,
    ctx.known,
    validityOf(route.zod.body, () => ctx.examples(`${route.method} ${route.url}`)),
  ).map((v) => (v instanceof JsonObject ? v.entries : [['name', v] as const]));
  const file = fc.option(
    fc.tuple(
      // The profile photo's field, the report logo's (docs/decisions.md §24.5), the keyword import's CSV (docs/decisions.md §25.2) and a stray one.
      fc.constantFrom('profilePicture', 'logo', 'file', 'otro'),
      fc.uint8Array({ maxLength: 64 }),
      fc.constantFrom('image/png', 'text/plain', 'image/svg+xml'),
    ),
    { nil: undefined },
  );
  return fc.tuple(fields, file).map(([entries, f]) => {
    const parts = entries.map(([name, value]) => ({ name, value: typeof value === 'string' ? value : toJsonText(value) }));
    const form = multipartBody(f ? [...parts, { name: f[0], filename: 'foto.png', data: Buffer.from(f[1]), contentType: f[2] }] : parts);
    return { payload: form.payload, headers: form.headers };
  });
}

function bodyFor(route: FuzzRoute, ctx: FuzzContext): fc.Arbitrary<Body> {
  if (route.inputBlind) return refusedByParser;
  // A route that reads no body ignores one; parser-level garbage must still be refused cleanly.
  if (!route.body)
    return READ_METHODS.has(route.method) ? fc.constant({ headers: {} }) : fc.oneof(fc.constant({ headers: {} }), refusedByParser);
  const validity = validityOf(route.zod.body, () => ctx.examples(`${route.method} ${route.url}`));
  // Sometimes behind a byte order mark or whitespace, which parsers may skip.
  const prefix = fc.constantFrom('', '', '', '\uFEFF', ' \r\n\t');
  const jsonBodies = fc
    .tuple(prefix, inputsFor(route.body, ctx.known, validity), fc.constantFrom(...JSON_TYPES))
    .map(([before, v, type]) => json(before + toJsonText(v), type));
  const invalidUtf8 = fc
    .uint8Array({ minLength: 1, maxLength: 32 })
    .map((bytes) => json(Buffer.concat([Buffer.from('{"a":"'), Buffer.from(bytes), Buffer.from('"}')])));
  if (route.multipart)
    return fc.oneof(
      { weight: 6, arbitrary: multipartFor(route, ctx) },
      { weight: 1, arbitrary: jsonBodies },
      { weight: 1, arbitrary: refusedByParser },
    );
  // A multipart envelope where JSON is expected: refused by the parser, or by the schema where multipart is parsed.
  const multipartInstead = fc.constant(json('{"a":1}', 'multipart/form-data; boundary=x'));
  return fc.oneof(
    { weight: 8, arbitrary: jsonBodies },
    { weight: 2, arbitrary: refusedByParser },
    { weight: 1, arbitrary: multipartInstead },
    { weight: 1, arbitrary: invalidUtf8 },
    { weight: 1, arbitrary: fc.constant({ headers: {} }) },
  );
}

const GARBAGE_AUTH = [
  '',
  'Bearer',
  'Bearer ',
  'Bearer a.b.c',
  'Basic dXNlcjpwYXNz',
  'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
  `Bearer ${'x'.repeat(9000)}`,
];

function headersFor(bearer: () => string): fc.Arbitrary<Record<string, string>> {
  const auth = fc.oneof(
    { weight: 9, arbitrary: fc.constant(null).map(() => `Bearer ${bearer()}`) },
    { weight: 1, arbitrary: fc.constantFrom(...GARBAGE_AUTH) },
  );
  const encoding = fc.option(fc.constantFrom('gzip', 'br', 'deflate', 'identity;q=0', '*;q=0', 'gzip;q=NaN', 'x'.repeat(300)), {
    nil: undefined,
  });
  return fc.tuple(auth, encoding).map(([authorization, acceptEncoding]) => ({
    // An empty value stands for no header at all.
    ...(authorization ? { authorization } : {}),
    ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
  }));
}

/** Requests for one route: path, query, body and headers generated independently. */
export function requestsFor(route: FuzzRoute, ctx: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const path = fc
    .tuple(...route.params.map((name) => paramValue(name, paramHint(route.url, name), ctx.known).map((value) => [name, value] as const)))
    .map((values) => {
      const byName = new Map<string, string>(values);
      return route.url.replace(/:(\w+)|\*/g, (_m, name: string | undefined) => byName.get(name ?? '*') ?? '');
    });
  return fc
    .record({ path, query: queryFor(route, ctx), body: bodyFor(route, ctx), headers: headersFor(() => ctx.bearer(route.url)) })
    .map(({ path: p, query, body, headers }) => ({
      method: route.method,
      url: query ? `${p}?${query}` : p,
      headers: { ...headers, ...body.headers },
      ...(body.payload === undefined ? {} : { payload: body.payload }),
    }));
}
