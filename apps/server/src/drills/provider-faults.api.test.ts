import type { AnalyzeResponse, RankMapStatusResponse } from '@rankmaps/shared/schemas/rankmaps';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeReply, type RecordedRequest, startFakeMapsVendor } from '../../test/fake-maps-search';
import { GEO_TEST_DATA_DIR } from '../../test/geo-data-dir';
import { checkInvariants } from '../../test/invariants';
import { createTestApp } from '../../test/test-app';
import { workScanJobs } from '../jobs/start-workers';
import { type MapsSearchProvider, MapsSearchRetryableError, createMapsSearchProvider } from '../providers/maps-search';
import { rankResultsRepository } from '../modules/rankmaps/rank-results.repository';
import { rankMapsRepository } from '../modules/rankmaps/rankmaps.repository';
import { MADRID, rankmapFixtures } from '../../test/rankmap-fixtures';
import { fastScanDeps } from '../../test/scan-doubles';

/** A small seeded generator, so a failing drill can be replayed with the same faults. */
function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Fault = 'hang' | '429' | '500';
const REQUEST_TIMEOUT_MS = 750;
const MAX_ATTEMPTS = 4;

/** The point a DataForSEO task searches from: "lat,lng" of its location_coordinate. */
const pointOf = (req: RecordedRequest) =>
  (JSON.parse(req.body) as { location_coordinate: string }[])[0]!.location_coordinate.split(',').slice(0, 2).join(',');
const keyOf = (p: { lat: number; lng: number }) => `${Number(p.lat.toFixed(7))},${Number(p.lng.toFixed(7))}`;

// The real DataForSEO adapter against a local vendor that, on about a quarter of the calls,
// never answers (longer than the request timeout), answers 429 with Retry-After, or 500;
// a few points fail every time. The scans run in real pg-boss workers.
describe('drill: a maps vendor that times out and answers 429 and 500', async () => {
  const random = mulberry32(20_250_701);
  const doomed = new Set<string>();
  const log: { point: string; answer: Fault | 'ok' }[] = [];
  const vendor = await startFakeMapsVendor((req): FakeReply => {
    const point = pointOf(req);
    const draw = random();
    const answer: Fault | 'ok' = doomed.has(point) ? '500' : draw < 0.08 ? 'hang' : draw < 0.16 ? '429' : draw < 0.25 ? '500' : 'ok';
    log.push({ point, answer });
    if (answer === 'hang') return 'hang';
    if (answer === '429')
      return { status: 429, headers: { 'retry-after': '1' }, raw: '{"status_code":40202,"status_message":"Rate limit exceeded."}' };
    if (answer === '500') return { status: 500, raw: '{"status_code":50000,"status_message":"Internal Error."}' };
    return { fixture: 'dataforseo-live-advanced-dentista.json' };
  });
  afterAll(() => vendor.close());
  // The app keeps the demo places (MAPS_SEARCH_PROVIDER=dataforseo would demand a real Google key,
  // docs/decisions.md §21.1); the workers below search through the DataForSEO adapter pointed at the fake.
  const { app, container } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR });
  const dataforseo = { mapsSearch: { ...container.config.mapsSearch, provider: 'dataforseo' as const, dataforseo: { login: 'drill', password: 'drill', baseUrl: vendor.baseUrl } } };
  beforeAll(() => container.seaIndex.ready(), 300_000);
  const { withKeyword, analyze, balance } = rankmapFixtures(app, container);
  const db = container.database.db;
  /** Every call as the scan saw it, in order of completion. */
  const seen: { point: string; startedAt: number; endedAt: number; ok: boolean; retryAfter?: number }[] = [];
  const observed = (provider: MapsSearchProvider): MapsSearchProvider => ({
    name: provider.name,
    async search(request, signal) {
      const call = { point: keyOf(request), startedAt: Date.now() };
      try {
        const result = await provider.search(request, signal);
        seen.push({ ...call, endedAt: Date.now(), ok: true });
        return result;
      } catch (err) {
        seen.push({
          ...call,
          endedAt: Date.now(),
          ok: false,
          retryAfter: err instanceof MapsSearchRetryableError ? err.retryAfterSeconds : undefined,
        });
        throw err;
      }
    },
  });

  it('when a quarter of the calls fail, then both scans complete, points that failed every try are stored as failed and refunded, and the invariants hold', async () => {
    const pro = await withKeyword('pro_starter', 'demo-madrid-dentista-1', MADRID);
    // Another centre, so that no grid point of one scan is a point of the other.
    const basic = await withKeyword('basico', 'demo-madrid-dentista-2', { lat: MADRID.lat + 0.05, lng: MADRID.lng + 0.05 });
    const before = await balance(pro.user.id);
    const started: (typeof pro & AnalyzeResponse)[] = [];
    for (const who of [pro, basic]) {
      const res = await analyze(who.headers, who.keywordId);
      expect(res.statusCode, res.body).toBe(201);
      started.push({ ...who, ...res.json<AnalyzeResponse>() });
    }
    // Three points of the pro scan fail on every try; chosen before any worker runs.
    const proGrid = (await rankMapsRepository.findById(db, started[0]!.rankMapId))!.grid.points;
    for (const i of [3, 24, 40]) doomed.add(keyOf(proGrid[i]!));

    // Real pg-boss workers with the DataForSEO adapter; short timeout and backoff,
    // and a 429's Retry-After honoured up to a second.
    const provider = observed(createMapsSearchProvider(dataforseo));
    const retry = { maxAttempts: MAX_ATTEMPTS, backoffBaseMs: 5, maxBackoffMs: 1000, requestTimeoutMs: REQUEST_TIMEOUT_MS };
    await workScanJobs(container.boss, fastScanDeps(container, provider, { retry, concurrency: 4 }), 2);

    const status = async (s: (typeof started)[number]) =>
      (await app.inject({ method: 'GET', url: `/api/rankmap/${s.rankMapId}/status`, headers: s.headers })).json<RankMapStatusResponse>();
    await expect
      .poll(async () => (await Promise.all(started.map(status))).every((s) => s.status === 'completed' || s.status === 'failed'), {
        message: 'both scans finished',
        timeout: 45_000,
        interval: 100,
      })
      .toBe(true);
    for (const s of started) expect(await status(s)).toEqual({ status: 'completed', progress: 100, failureReason: null });

    // Each kind of fault happened, on about a quarter of the calls the vendor chose freely.
    const free = log.filter((l) => !doomed.has(l.point));
    for (const kind of ['hang', '429', '500'] as const)
      expect(
        free.some((l) => l.answer === kind),
        kind,
      ).toBe(true);
    const faultShare = free.filter((l) => l.answer !== 'ok').length / free.length;
    expect(faultShare).toBeGreaterThan(0.1);
    expect(faultShare).toBeLessThan(0.4);
    // What the scan saw (a loaded machine may see an answer only after the timeout, so the
    // vendor's log is not that): after a 429, its Retry-After (1 s) was waited before that
    // point's next try.
    seen.forEach((call, i) => {
      const next = seen.slice(i + 1).find((c) => c.point === call.point);
      if (call.retryAfter === 1 && next) expect(next.startedAt - call.endedAt).toBeGreaterThanOrEqual(950);
    });
    expect(seen.some((c) => c.retryAfter === 1)).toBe(true);

    // A point is stored as failed only after every try failed (the doomed ones always), and as
    // ok only when a try succeeded.
    const tries = (point: string) => seen.filter((c) => c.point === point);
    for (const s of started) {
      const results = await rankResultsRepository.listByRankMap(db, s.rankMapId);
      expect(results).toHaveLength(s.totalPoints);
      const failed = results.filter((r) => r.status === 'failed');
      for (const r of failed) {
        expect(tries(keyOf(r)).map((c) => c.ok)).toEqual(Array(MAX_ATTEMPTS).fill(false));
        expect(r.error).toMatch(/\S/);
      }
      for (const r of results.filter((r) => r.status === 'ok')) expect(tries(keyOf(r)).at(-1)?.ok).toBe(true);
      if (s === started[0]) for (const p of doomed) expect(failed.map(keyOf)).toContain(p);
      const row = (await rankMapsRepository.findById(db, s.rankMapId))!;
      expect(row).toMatchObject({ status: 'completed', failedPoints: failed.length });
      if (s === started[0]) {
        expect(failed.length).toBeGreaterThanOrEqual(doomed.size);
        expect(row).toMatchObject({ creditsCharged: s.totalPoints, creditsRefunded: failed.length });
        expect(await balance(pro.user.id)).toBe(before - (s.totalPoints - failed.length));
      } else {
        expect(row).toMatchObject({ billing: 'plan', creditsCharged: 0, creditsRefunded: 0 });
      }
    }
    expect(await checkInvariants(db)).toEqual([]);
  }, 60_000);
});
