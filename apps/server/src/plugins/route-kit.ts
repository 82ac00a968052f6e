import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { z } from 'zod';
import { errorResponseSchema } from '@rankmaps/shared/schemas/common';
import { activityHooksFor } from '../modules/activity/activity-recorder';
import { requireScope } from '../modules/api-v1/api-key-auth';
import { requireAction } from '../modules/workspaces/workspace-access';
import { scopeGuard } from '../modules/workspaces/scope-guard';
import { requireOperator } from '../modules/operator/operator-access';
import { type Access, type DeclaredRoute, type Download, DOWNLOAD_KEY, EVENT_STREAM_KEY, isCamelCase } from './route-declaration';

// The route kit (docs/architecture.md, «Declaring a route»; docs/decisions.md §28.1): a route states once who may call
// it, what it takes, what it answers and which domain refusals it has; the kit registers it
// with its hooks and derives what every route used to repeat by hand: the OpenAPI security,
// the operationId and the documented 4xx answers. The authorization matrix, the fuzzing and
// the contract tests read the declaration back from the route table (`config.declaration`).

export { access, type Access } from './route-declaration';

/** A hook of a declared route: async, so an error it throws reaches the error handler. */
export type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

type In<T> = T extends z.ZodType ? z.output<T> : unknown;
type Out<T> = T extends z.ZodType ? z.input<T> : unknown;

/** A request as a declared route's handler sees it: its params, query, body and headers typed by their schemas. */
export type KitRequest<P = undefined, Q = undefined, B = undefined, H = undefined> = FastifyRequest<{
  Params: In<P>;
  Querystring: In<Q>;
  Body: In<B>;
  Headers: In<H>;
}>;

/** Statuses a route may refuse with, beyond those its access and input give it (401: a public route that checks credentials itself, such as sign-in). */
export type Refusal = 401 | 402 | 403 | 404 | 409 | 410 | 413 | 422 | 502 | 503;

type Success = 200 | 201 | 202;

/**
 * The success answer: a JSON body checked by its schema (`also`: other success statuses with the
 * same body, as a 200 for an add that was already done; `alsoWith`: a health check's 503 when
 * degraded; `eventStream`: the same answer as Server-Sent Events when asked for with
 * Accept: text/event-stream), no body, a download of a given type, or a redirect (documented
 * with its Location header; the handler calls `reply.redirect`).
 */
export type Answer<R> =
  | { status?: Success; also?: readonly Success[]; alsoWith?: readonly 503[]; eventStream?: string; schema: R }
  | { status?: 204; schema?: undefined }
  | { status?: 200; download: Download; description: string }
  | { redirect: 301 | 302 | 303 | 307 | 308 };

export interface Declaration<P, Q, B, H, R> {
  /** Stable and unique camelCase name: what generated clients call the method (listPlaces, createShareLink). */
  operationId: string;
  summary: string;
  description?: string;
  /** The OpenAPI tags; by default the group's. */
  tags?: readonly string[];
  access: Access;
  params?: P;
  querystring?: Q;
  body?: B;
  headers?: H;
  /** Content types the body may have besides JSON (uploads). */
  consumes?: readonly string[];
  answer: Answer<R>;
  /** Domain refusals: a plan that lacks the feature (403), a conflict (409), the vendor down (502)… */
  refusals?: readonly Refusal[];
  /**
   * Hooks that run after the sign-in check (rate limits by user or address). On an operator
   * route they run before the role check, as a limit does everywhere else: a 429 tells no
   * more than the global limit already does about /api/operator answering.
   */
  onRequest?: readonly Hook[];
  /** Hooks that run before the body is validated (turning a multipart upload into the JSON body). */
  preValidation?: readonly Hook[];
  preHandler?: readonly Hook[];
  bodyLimit?: number;
  /** False where the handler reads the raw request itself (multipart): @fastify/compress leaves a compressed body as it came. */
  decompress?: false;
  /** A refusal whose body says more than { error, code } (the rows of a refused import); the status must be one the route documents. */
  errorBodies?: Partial<Record<number, z.ZodType>>;
  /** false: out of the global per-address limit (a payment provider's webhook); it then never answers 429. */
  rateLimit?: false;
  /** Left out of the API reference (development-only routes). */
  hide?: boolean;
}

/** What a declared route runs, its request typed by the declaration's schemas and its answer by the declared one. */
export type Handler<P, Q, B, H, R> = (request: KitRequest<P, Q, B, H>, reply: FastifyReply) => Promise<Out<R> | FastifyReply | void> | Out<R> | FastifyReply | void;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The 4xx answers a route can give whatever its handler does, plus its declared refusals:
 * - 400 on every route: a malformed URL, a NUL in the query (text-guard.ts) or a bad body;
 * - 415 where a body can be sent with a type no parser takes;
 * - 414 and 404 where the path has parameters (one past 500 characters; an id that is not yours);
 * - 401 without a session or key, 403 for a key without the permission or a role without the action, 404 for an operator route;
 * - 429 on every route the global per-address limit covers (all but those with `rateLimit: false`).
 */
export function derivedErrorStatuses(method: string, declaration: Pick<Declaration<unknown, unknown, unknown, unknown, unknown>, 'access' | 'params' | 'refusals' | 'rateLimit'>): number[] {
  const statuses = new Set<number>([400]);
  if (declaration.rateLimit !== false) statuses.add(429);
  if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) statuses.add(415);
  if (declaration.params) statuses.add(404).add(414);
  if (declaration.access.kind !== 'public') statuses.add(401);
  if (declaration.access.kind === 'apiKey' || declaration.access.kind === 'workspace') statuses.add(403);
  if (declaration.access.kind === 'operator') statuses.add(404);
  for (const status of declaration.refusals ?? []) statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
}

function securityOf(access: Access) {
  if (access.kind === 'public') return [];
  if (access.kind === 'apiKey') return [{ apiKey: [] }];
  return [{ bearer: [] }];
}

/**
 * The kit for one route file: `const route = routeKit(app, { tags: ['negocios'] })`, then
 * `route.get('/place/:id', { operationId: 'getMyPlace', access: access.session, … }, handler)`.
 * The declaration is one line where it fits: a route reads as what it is, then what it does.
 */
export function routeKit(app: FastifyInstance, defaults: { tags: readonly string[] }) {
  const declare =
    (method: Method) =>
    <P extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined, B extends z.ZodType | undefined = undefined, H extends z.ZodType | undefined = undefined, R extends z.ZodType | undefined = undefined>(
      url: string,
      declaration: Declaration<P, Q, B, H, R>,
      handler: Handler<P, Q, B, H, R>,
    ) => {
      registerDeclared(app, method, url, declaration, handler, defaults.tags);
    };
  return { get: declare('GET'), post: declare('POST'), put: declare('PUT'), patch: declare('PATCH'), delete: declare('DELETE') };
}

/**
 * The operationIds taken in each app, so a duplicate fails at start. Keyed by the app's route table
 * (route-table.ts: one per app, shared by its plugins), not by its container: several API
 * processes may be built on one container (auth-rate-limits.api.test.ts).
 */
const operationIds = new WeakMap<object, Set<string>>();

function claimOperationId(app: FastifyInstance, operationId: string, where: string) {
  if (!isCamelCase(operationId)) throw new Error(`operationId «${operationId}» of ${where} is not camelCase`);
  const key = app.routeTable;
  const taken = operationIds.get(key) ?? new Set<string>();
  operationIds.set(key, taken);
  if (taken.has(operationId)) throw new Error(`operationId «${operationId}» of ${where} is already taken`);
  taken.add(operationId);
}

function registerDeclared<P, Q, B, H, R>(app: FastifyInstance, method: Method, url: string, d: Declaration<P, Q, B, H, R>, handler: Handler<P, Q, B, H, R>, defaultTags: readonly string[]) {
  claimOperationId(app, d.operationId, `${method} ${url}`);
  const response: Record<number, unknown> = {};
  const answer = d.answer;
  if ('download' in answer) {
    // Not in `response`: a Buffer is sent as it is, and the document gets the type from DOWNLOAD_KEY.
  } else if ('redirect' in answer) {
    // No body: a schema for the status only, so that it is documented (Fastify serialises no empty payload).
    response[answer.redirect] = z.null();
  } else if (answer.schema) {
    for (const status of [answer.status ?? 200, ...('also' in answer ? (answer.also ?? []) : [])]) response[status] = answer.schema;
  } else {
    // No body: the 204 is still an answer the document lists (the transform gives it no content).
    response[204] = z.null();
  }
  for (const status of derivedErrorStatuses(method, d)) response[status] = d.errorBodies?.[status] ?? errorResponseSchema;
  if ('alsoWith' in answer) for (const status of answer.alsoWith ?? []) response[status] = answer.schema;

  const onRequest: Hook[] = [];
  const preHandler: Hook[] = [];
  const preValidation: Hook[] = [...(d.preValidation ?? [])];
  if (d.access.kind !== 'public' && d.access.kind !== 'apiKey') onRequest.push(app.authenticate);
  onRequest.push(...(d.onRequest ?? []));
  if (d.access.kind === 'operator') onRequest.push(requireOperator(app.container));
  if (d.access.kind === 'workspace') onRequest.push(requireAction(d.access.action));
  // An API key is authenticated by the /api/v1 plugin's own hooks; the route checks its permission.
  if (d.access.kind === 'apiKey') preHandler.push(requireScope(d.access.scope));
  // After validation: a Miembro's or a Cliente's ids of businesses not assigned to them name nothing (docs/decisions.md §30.6).
  if (d.access.kind === 'workspace') preHandler.push(scopeGuard(() => app.container.database.db, d.operationId));
  preHandler.push(...(d.preHandler ?? []));

  // The activity log (docs/decisions.md §30.5): a route that spends, changes, shares or grants
  // access is recorded after its 2xx answer, by these hooks rather than by its handler.
  const activity = d.access.kind === 'public' || method === 'GET' ? null : activityHooksFor(app, url, d.operationId);

  const declared: DeclaredRoute = { operationId: d.operationId, access: d.access, refusals: d.refusals ?? [], download: 'download' in answer ? answer.download : null };
  app.route({
    method: method satisfies HTTPMethods,
    url,
    ...(onRequest.length ? { onRequest } : {}),
    ...(preValidation.length ? { preValidation } : {}),
    ...(preHandler.length ? { preHandler } : {}),
    ...(activity ? { preSerialization: activity.preSerialization, onResponse: activity.onResponse } : {}),
    ...(d.bodyLimit ? { bodyLimit: d.bodyLimit } : {}),
    ...(d.decompress === false ? { decompress: false as const } : {}),
    config: { declaration: declared, ...(d.rateLimit === false ? { rateLimit: false as const } : {}) },
    schema: {
      operationId: d.operationId,
      tags: [...(d.tags ?? defaultTags)],
      security: securityOf(d.access),
      summary: d.summary,
      ...(d.description ? { description: d.description } : {}),
      ...(d.params ? { params: d.params } : {}),
      ...(d.querystring ? { querystring: d.querystring } : {}),
      ...(d.body ? { body: d.body } : {}),
      ...(d.headers ? { headers: d.headers } : {}),
      ...(d.consumes ? { consumes: [...d.consumes] } : {}),
      ...(d.hide ? { hide: true } : {}),
      ...('download' in answer ? { [DOWNLOAD_KEY]: { type: answer.download, description: answer.description } } : {}),
      ...('eventStream' in answer && answer.eventStream ? { [EVENT_STREAM_KEY]: answer.eventStream } : {}),
      response,
    },
    handler: handler as (request: FastifyRequest, reply: FastifyReply) => unknown,
  });
}
