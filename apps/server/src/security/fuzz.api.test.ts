import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Fingerprint, changedTables, watchDatabase } from '../../test/fuzz/db-fingerprint';
import { type FuzzWorld, createFuzzWorld } from '../../test/fuzz/fuzz-world';
import { describeRequest, notASpanishError } from '../../test/fuzz/response-checks';
import { type FuzzRequest, type FuzzRoute, fuzzRoutes, requestsFor } from '../../test/fuzz/route-inputs';
import { GEO_TEST_DATA_DIR } from '../../test/geo-data-dir';
import { createTestApp } from '../../test/test-app';
import { sessions } from '../../test/sessions';
import { joinWorkspace } from '../../test/team';
import { users } from '../db/schema';

// Property-based input fuzzing over every route the app registered.
// bad-input.api.test.ts sends a fixed list of bad values; here fast-check generates them
// from each route's own zod schemas: wrong types, missing and extra fields, huge and
// unicode strings, edge numbers, prototype keys, broken JSON and foreign media types,
// mixed with valid-looking requests that carry the signed-in user's real ids, so that
// the handlers run and not only the validator. For every request:
//   - the status is never 5xx, and it is one the route documents;
//   - a 4xx carries a Spanish `error` message;
//   - a 4xx leaves every application table (and pg-boss's queue) exactly as it was;
//   - no prototype gets polluted.
// A failure prints fast-check's seed and the smallest request that still fails.

/** Runs per route: more where there is more input to vary. The whole file stays well under a minute. */
function runsFor(route: FuzzRoute): number {
  if (route.inputBlind) return 6;
  if (route.body) return 30;
  if (route.querystring || route.params.length) return 20;
  return 6;
}

const label = (r: FuzzRoute) => `${r.method} ${r.url}`;
const prototypeKeys = () =>
  [Object.prototype, Array.prototype, Function.prototype, String.prototype].map((p) => Object.getOwnPropertyNames(p).sort().join(','));

describe('fuzzed input on every route', async () => {
  // Developer tools on, so their routes are fuzzed too (the inject client is this machine: the outbox answers it).
  const { app, container } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR, DEV_TOOLS: 'true' });
  const routes = fuzzRoutes(app);
  const prototypesBefore = prototypeKeys();
  const watch = await watchDatabase(container.database);
  let world: FuzzWorld;
  beforeAll(async () => {
    await container.seaIndex.ready();
    world = await createFuzzWorld(app, container);
  }, 300_000);

  /** The database as the last run left it, so each run measures only its own request. */
  let last: { fingerprint: Fingerprint; counter: string } | null = null;
  let worldError: unknown = null;
  const snapshot = async () => ({ counter: await watch.writeCounter(), fingerprint: await watch.fingerprint() });

  /** Routes that accepted at least one generated request: evidence that the generators get past validation. */
  const reached = new Set<FuzzRoute>();

  async function check(route: FuzzRoute, req: FuzzRequest) {
    const before = last ?? (await snapshot());
    // Forgotten until this run has passed: a failed run must not leave a stale snapshot
    // for the next one to be compared with.
    last = null;
    const res = await app.inject(req);
    // The activity entry of an accepted request is written after its answer has gone: waited
    // for here, so it never lands inside the next request's before-and-after comparison.
    await app.activityRecorder.drain();
    const what = `${describeRequest(req)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
    expect(res.statusCode, what).toBeLessThan(500);
    // The API reference lists every status a route answers (the route kit derives them), so a
    // generated client can handle each one. A 405 is not the route's: a generated id such as
    // «.» resolves the path to another route, which lacks the method.
    if (route.documented && res.statusCode !== 405) expect(route.documented, `undocumented status: ${what}`).toContain(res.statusCode);
    // A route that reads no input only ever gets input its parser must refuse.
    if (route.inputBlind) expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
    expect(({} as Record<string, unknown>).polluted, what).toBeUndefined();
    if (res.statusCode < 400) reached.add(route);
    if (res.statusCode >= 400) {
      expect(notASpanishError(res), what).toBeNull();
      const counter = await watch.writeCounter();
      const after = counter === before.counter ? before.fingerprint : await watch.fingerprint();
      expect(changedTables(before.fingerprint, after).join(', '), `a refused request changed the database: ${what}`).toBe('');
      last = { counter, fingerprint: after };
    } else if (req.method !== 'GET') {
      // An accepted request may change data; put back what the next runs rely on. A failure
      // here is the fixture's, not the route's: it is reported after the run, unshrunk.
      await world.restore().catch((err: unknown) => {
        worldError ??= err;
      });
    }
  }

  it('finds the routes to fuzz in the route table', () => {
    const labels = routes.map(label);
    expect(labels).toEqual(
      expect.arrayContaining([
        'POST /api/place',
        'PUT /api/user',
        'DELETE /api/place/:id/competitors/:competitorId',
        'GET /api/geo/coastline',
        'GET /api/rankmap/:id/compare/:otherId',
        'GET /api/reports/analysis/:id',
        'GET /api/reports/keyword/:keywordId',
        'GET /api/reports/place/:id',
        'GET /api/reports/analysis/:id/pdf',
        'GET /api/reports/keyword/:keywordId/pdf',
        'GET /api/reports/place/:id/pdf',
        'POST /api/clients/:id/logo',
        'DELETE /api/clients/:id/logo',
        'GET /api/client-logo/:key.png',
        // The v1 routes, authenticated with an API key holding both scopes (fuzz-world.ts).
        'POST /api/v1/keywords/:id/analyses',
        'POST /api/v1/places/:id/keywords',
        'GET /api/v1/analyses/:id/results',
        'GET /api/v1/analyses/:id/compare/:otherId',
        'POST /api/v1/share-links',
        'POST /api/v1/campaigns',
      ]),
    );
    expect(routes.find((r) => r.url === '/api/user' && r.method === 'PUT')?.multipart).toBe(true);
    expect(routes.find((r) => r.url === '/api/clients/:id/logo' && r.method === 'POST')?.multipart).toBe(true);
    expect(routes.filter((r) => r.authenticated).length).toBeGreaterThan(30);
  });

  it('when the database is written to, then the watch sees it: the write counter moves and the table is named', async () => {
    const before = await snapshot();
    await container.database.db.update(users).set({ name: 'Nombre cambiado' }).where(eq(users.id, world.userId));
    expect(await watch.writeCounter()).not.toBe(before.counter);
    expect(changedTables(before.fingerprint, await watch.fingerprint())).toEqual(['users']);
    last = null;
  });

  it.each(routes.map((r) => [label(r), r] as const))(
    'when %s gets generated input, then it never answers 5xx, and every refusal is a Spanish error that leaves the database untouched',
    async (_label, route) => {
      worldError = null;
      last = null;
      await fc.assert(
        fc.asyncProperty(requestsFor(route, { known: world.knownIds, bearer: world.bearer, examples: world.examples }), (req) =>
          check(route, req),
        ),
        // The time limit also bounds shrinking, which replays requests.
        { numRuns: runsFor(route), interruptAfterTimeLimit: 40_000, markInterruptAsFailure: true },
      );
      if (worldError) throw worldError;
    },
    60_000,
  );

  // As a Miembro of the world's client (docs/decisions.md §30.6): the signed-in routes whose query
  // or body carries an id, with fewer runs (a path parameter is always a string; these fields
  // come as anything). The scope guard rewrites a scoped caller's ids before the handler runs,
  // so it meets every shape the generators make.
  const takesIds = (r: FuzzRoute) => /"[A-Za-z]*Ids?"/.test(JSON.stringify([r.body ?? null, r.querystring ?? null]));
  const memberRoutes = routes.filter((r) => r.authenticated && !r.url.startsWith('/api/v1/') && takesIds(r));
  let memberToken = '';

  it.each(memberRoutes.map((r) => [label(r), r] as const))(
    'as a Miembro, when %s gets generated input, then it never answers 5xx, and every refusal is a Spanish error that leaves the database untouched',
    async (_label, route) => {
      if (!memberToken) {
        const person = await sessions(app, container).signedIn();
        const client = world.knownIds('client')[0];
        memberToken = (await joinWorkspace(container, world.userId, person.user.id, 'member', client ? [client] : [])).authorization.slice('Bearer '.length);
      }
      worldError = null;
      last = null;
      await fc.assert(
        fc.asyncProperty(requestsFor(route, { known: world.knownIds, bearer: () => memberToken, examples: world.examples }), (req) => check(route, req)),
        { numRuns: 6, interruptAfterTimeLimit: 20_000, markInterruptAsFailure: true },
      );
      if (worldError) throw worldError;
    },
    30_000,
  );

  // Tests run in order: these come after every route's.
  it('when every route has been fuzzed, then no built-in prototype has gained a property', () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(prototypeKeys()).toEqual(prototypesBefore);
  });

  it('when every route has been fuzzed, then most routes that read input accepted some of it, so the handlers ran and not only the validators', () => {
    // Refusals alone would prove little: a broken session or generator would make every request a 401 or a 400.
    const readingInput = routes.filter((r) => !r.inputBlind && (r.body || r.querystring || r.params.length));
    const accepted = readingInput.filter((r) => reached.has(r));
    expect(accepted.length, `accepted: ${accepted.map(label).join(', ')}`).toBeGreaterThan(readingInput.length / 2);
  });
});
