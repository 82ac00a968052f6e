import type { AnalyzeResponse } from '@rankmaps/shared/schemas/rankmaps';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GEO_TEST_DATA_DIR } from '../../test/geo-data-dir';
import { checkInvariants } from '../../test/invariants';
import { workScanJobs } from '../jobs/start-workers';
import { rankResultsRepository } from '../modules/rankmaps/rank-results.repository';
import { rankMapsRepository } from '../modules/rankmaps/rankmaps.repository';
import { sweepStaleScans } from '../modules/rankmaps/scan/scan-sweeper.service';
import { WRITE_RETRY_DELAYS_MS } from '../modules/rankmaps/scan/scan-writer';
import type { MapsSearchProvider } from '../providers/maps-search/interface';
import { MADRID, rankmapFixtures } from '../../test/rankmap-fixtures';
import { collectFatalErrors } from '../../test/fatal-errors';
import { startPrivatePostgres, testAppOn } from '../../test/private-postgres';
import { fastScanDeps, scriptedProvider } from '../../test/scan-doubles';

/** A run beats this often; the sweeper below takes a run silent for STALE_SECONDS as dead. */
const HEARTBEAT_MS = 500;
const STALE_SECONDS = 3;
/** Longer than the scan writer keeps retrying a failed write, so that the run itself fails. */
const LONG_OUTAGE_MS = WRITE_RETRY_DELAYS_MS.reduce((a, b) => a + b, 0) + 2000;

// PostgreSQL goes away in the middle of a scan (fast shutdown: every connection is cut) and
// comes back: at once (a blip the scan writer rides out), or after longer than the writer
// retries (the scan resumes in a new run). The server is this file's own, so other files are
// not disturbed.
describe('drill: PostgreSQL restarts during a scan', async () => {
  const server = await startPrivatePostgres();
  // Registered first, so it runs last: after the app has closed its connections.
  afterAll(() => server.destroy());
  const { app, container, close } = await testAppOn(server.url, { DATA_DIR: GEO_TEST_DATA_DIR });
  beforeAll(() => container.seaIndex.ready(), 300_000);
  const { withKeyword, analyze, balance } = rankmapFixtures(app, container);
  const db = container.database.db;
  const fatal = collectFatalErrors();

  // Which vendor the workers call: each test's own, so the calls it counts are its scan's.
  let current = scriptedProvider();
  const provider: MapsSearchProvider = { name: 'demo', search: (request, signal) => current.provider.search(request, signal) };
  // Every point of a scan comes from one grant of the shared rate limit (a day's window), so
  // while it searches only the scan's writes touch the database: the writer's retries alone
  // decide whether the run outlives the outage.
  beforeAll(() =>
    workScanJobs(
      container.boss,
      fastScanDeps(container, provider, {
        concurrency: 2,
        flushEvery: 4,
        heartbeatMs: HEARTBEAT_MS,
        staleSeconds: STALE_SECONDS,
        rateLimit: { limit: 1_000_000, windowSeconds: 86_400 },
      }),
      2,
    ),
  );

  /** A Madrid analysis queued for a new user, searched by a vendor answering in `delayMs`, once its first points are stored. */
  const scanUnderWay = async (delayMs: number) => {
    const { user, headers, keywordId } = await withKeyword('pro_starter', 'demo-madrid-dentista-1', MADRID);
    const before = await balance(user.id);
    current = scriptedProvider({ delayMs });
    const { calls } = current;
    const res = await analyze(headers, keywordId);
    expect(res.statusCode, res.body).toBe(201);
    const { rankMapId, totalPoints } = res.json<AnalyzeResponse>();
    await expect.poll(async () => (await rankResultsRepository.storedIndices(db, rankMapId)).size >= 8, { message: 'the first points', timeout: 20_000, interval: 100 }).toBe(true);
    return { user, before, calls, rankMapId, totalPoints };
  };

  it('when the database blips mid-scan, then the writer retries the failed write and the same run completes the scan, searching no point twice', async () => {
    const { user, before, calls, rankMapId, totalPoints } = await scanUnderWay(150);
    // Down and straight back up: well within the writer's retries.
    await server.stop();
    await server.start();
    expect(calls.length).toBeLessThan(totalPoints);

    // No sweeper runs: the run that started the scan must finish it.
    await expect
      .poll(
        async () => {
          const row = await rankMapsRepository.findById(db, rankMapId).catch(() => undefined);
          return row?.status === 'completed' || row?.status === 'failed';
        },
        { message: 'the scan to finish', timeout: 30_000, interval: 100 },
      )
      .toBe(true);
    const row = (await rankMapsRepository.findById(db, rankMapId))!;
    expect(row).toMatchObject({ status: 'completed', attempts: 1, failedPoints: 0, creditsCharged: totalPoints, creditsRefunded: 0 });
    const results = await rankResultsRepository.listByRankMap(db, rankMapId);
    expect(new Set(results.map((r) => r.pointIndex)).size).toBe(totalPoints);
    expect(results).toHaveLength(totalPoints);
    expect(calls).toHaveLength(totalPoints);
    expect(await balance(user.id)).toBe(before - totalPoints);
    expect(await checkInvariants(db, { staleSeconds: STALE_SECONDS })).toEqual([]);
    expect(fatal).toEqual([]);
  }, 60_000);

  it('when the database stays down longer than the writer retries, then the scan resumes in a new run and completes with every point stored once and the credits charged once', async () => {
    // A vendor answering in 250 ms, two at a time: the 49 points take about 6 s, so the scan is still searching when the server stops.
    const { user, before, calls, rankMapId, totalPoints } = await scanUnderWay(250);
    await server.stop();
    // The outage came mid-scan: not every point had been searched.
    expect(calls.length).toBeLessThan(totalPoints);
    await new Promise((r) => setTimeout(r, LONG_OUTAGE_MS));
    await server.start();

    // Settle as production does: the scheduler's sweeper (here every second, with a short
    // stale period that a live run, beating every HEARTBEAT_MS, never reaches) hands a run
    // that went silent to a new job, and a worker resumes it.
    await expect
      .poll(
        async () => {
          const row = await rankMapsRepository.findById(db, rankMapId).catch(() => undefined);
          if (row?.status === 'completed' || row?.status === 'failed') return true;
          await sweepStaleScans(container, { staleSeconds: STALE_SECONDS, maxRuns: 5 }).catch(() => undefined);
          return false;
        },
        { message: 'the scan to finish', timeout: 40_000, interval: 1000 },
      )
      .toBe(true);

    const row = (await rankMapsRepository.findById(db, rankMapId))!;
    expect(row).toMatchObject({ status: 'completed', failedPoints: 0, creditsCharged: totalPoints, creditsRefunded: 0 });
    expect(row.attempts).toBeGreaterThanOrEqual(2);
    const results = await rankResultsRepository.listByRankMap(db, rankMapId);
    expect(new Set(results.map((r) => r.pointIndex)).size).toBe(totalPoints);
    expect(results).toHaveLength(totalPoints);
    // Resumed, not started over: only the points lost with the failed write were searched again.
    expect(calls.length).toBeLessThan(2 * totalPoints);
    expect(await balance(user.id)).toBe(before - totalPoints);
    expect(await checkInvariants(db, { staleSeconds: STALE_SECONDS })).toEqual([]);
    // The process lived through it: no connection error or unfinished job write went unhandled,
    // and no connection was left checked out (closing waits for every one to come back).
    const closed = await Promise.race([close().then(() => true), new Promise<false>((r) => setTimeout(() => r(false), 15_000))]);
    expect(closed, 'the app closes: no connection is left checked out').toBe(true);
    expect(fatal).toEqual([]);
  }, 60_000);
});
