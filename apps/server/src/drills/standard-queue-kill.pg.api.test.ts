import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { AnalyzeResponse, RankMapStatusResponse } from '@rankmaps/shared/schemas/rankmaps';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATAFORSEO_STANDARD_USD, localDataForSeoEnv, startFakeDataForSeo } from '../../test/fake-dataforseo';
import { RECORDED_DETAILS, startFakeGooglePlaces } from '../../test/fake-google-places';
import { GEO_TEST_DATA_DIR } from '../../test/geo-data-dir';
import { checkInvariants } from '../../test/invariants';
import { MADRID, rankmapFixtures } from '../../test/rankmap-fixtures';
import { createTestApp } from '../../test/test-app';
import { sendScanJob } from '../jobs/definitions/rankmap-scan';
import { rankResultsRepository } from '../modules/rankmaps/rank-results.repository';
import { rankMapsRepository } from '../modules/rankmaps/rankmaps.repository';
import { sweepStaleScans } from '../modules/rankmaps/scan/scan-sweeper.service';
import { requeueVendorPolls } from '../modules/rankmaps/scan/standard-queue.service';
import { vendorTasksRepository } from '../modules/rankmaps/scan/vendor-tasks.repository';

const workerEntry = fileURLToPath(new URL('../worker.ts', import.meta.url));
const HOUR_MS = 3_600_000;

// A scheduled 25×25 scan through DataForSEO's standard queue (docs/decisions.md §21.2): the real
// adapter in `npm run worker` processes (PostgreSQL only), against the local DataForSEO (and the
// local Google Places, which DataForSEO requires for the business: docs/decisions.md §21.1). The
// first worker is killed while its third POST is unanswered (the vendor made the tasks; the
// answer never came), the second while the analysis waits for the vendor, and a third one
// finishes it: every point posted once, stored once, charged once, at the standard price.
describe('drill: workers killed while a scan waits for the standard queue', async () => {
  const vendor = await startFakeDataForSeo({ taskReadyAfterMs: [HOUR_MS, HOUR_MS], holdAnswerOfPost: 3 });
  const places = await startFakeGooglePlaces();
  const vendorEnv = localDataForSeoEnv(vendor.baseUrl, places.baseUrl);
  const { app, container, databaseUrl } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR, ...vendorEnv });
  beforeAll(() => container.seaIndex.ready(), 300_000);
  const { signedIn, createPlace, addKeyword, analyze, balance, validPoints } = rankmapFixtures(app, container);
  const db = container.database.db;
  const children: ChildProcess[] = [];
  const startWorker = () => {
    const child = spawn(process.execPath, ['--import', 'tsx', workerEntry], {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        DATA_DIR: GEO_TEST_DATA_DIR,
        LOG_LEVEL: 'silent',
        NODE_ENV: 'test',
        ...vendorEnv,
        DATAFORSEO_STANDARD_POLL_SECONDS: '1',
        SCAN_RATE_LIMIT_PER_MINUTE: '100000',
      },
      stdio: 'ignore',
    });
    children.push(child);
    return child;
  };
  const kill = async (child: ChildProcess) => {
    child.kill('SIGKILL');
    if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
  };
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await vendor.close();
    await places.close();
  });

  it('when a worker dies mid-POST and another while waiting, then each point is posted once and stored once, and the analysis completes at 625 × $0.0006', async () => {
    const { user, headers } = await signedIn('pro_enterprise');
    // Google's place (the fake's recorded one), its grid centred on land: 625 points.
    const placeId = await createPlace(headers, RECORDED_DETAILS.id, MADRID, 25);
    expect(await validPoints(headers, placeId)).toBe(625);
    const keywordId = await addKeyword(headers, placeId);
    const before = await balance(user.id);
    const res = await analyze(headers, keywordId, { scheduledFor: new Date(Date.now() + 86_400_000).toISOString() }, true);
    expect(res.statusCode, res.body).toBe(201);
    const { rankMapId } = res.json<AnalyzeResponse>();
    // Its time comes now: the job the scheduler would run at its hour.
    await sendScanJob(container.boss, db, rankMapId);

    // 1. The third POST's rows are committed and the vendor has its tasks; the answer never comes.
    const first = startWorker();
    await expect
      .poll(async () => vendor.counters.posts === 3 && (await vendorTasksRepository.listFor(db, rankMapId)).length === 300, { timeout: 90_000, interval: 100 })
      .toBe(true);
    await kill(first);
    const afterFirst = await vendorTasksRepository.listFor(db, rankMapId);
    expect(afterFirst.filter((t) => t.state === 'posted')).toHaveLength(200);
    expect(afterFirst.filter((t) => t.state === 'posting' && t.taskId === null)).toHaveLength(100);

    // 2. The sweeper hands the silent run to a new worker, which posts the rest and lets go.
    await new Promise((r) => setTimeout(r, 1500));
    expect(await sweepStaleScans(container, { staleSeconds: 1, maxRuns: 5 })).toEqual({ requeued: 1, failed: 0 });
    const second = startWorker();
    await expect.poll(async () => (await rankMapsRepository.findById(db, rankMapId))!.vendorWaitSince !== null, { timeout: 90_000, interval: 100 }).toBe(true);
    expect(vendor.counters.posts).toBe(7);
    const status = async () => (await app.inject({ method: 'GET', url: `/api/rankmap/${rankMapId}/status`, headers })).json<RankMapStatusResponse>();
    expect(await status()).toMatchObject({ status: 'processing', waitingVendor: { received: 0, total: 625 } });
    await kill(second);

    // 3. Nobody beats for a waiting analysis, and the sweeper leaves it alone.
    await new Promise((r) => setTimeout(r, 1500));
    expect(await sweepStaleScans(container, { staleSeconds: 1, maxRuns: 5 })).toEqual({ requeued: 0, failed: 0 });

    // 4. The vendor finishes the tasks; a new worker's polls collect them (the 100 lost answers adopted by tag) and finish.
    vendor.setTaskReadyAfter([0, 3000]);
    const third = startWorker();
    // The scheduler's safety net, in case the killed worker held the poll job.
    await requeueVendorPolls(container);
    await expect.poll(async () => (await status()).status, { timeout: 120_000, interval: 250 }).toBe('completed');
    await kill(third);

    expect(vendor.counters.posts).toBe(7);
    expect(vendor.counters.live).toBe(0);
    expect(vendor.counters.postedPerTag.size).toBe(625);
    expect([...vendor.counters.postedPerTag.values()].every((n) => n === 1)).toBe(true);
    const results = await rankResultsRepository.listByRankMap(db, rankMapId);
    expect(new Set(results.map((r) => r.pointIndex)).size).toBe(625);
    expect(results.every((r) => r.status === 'ok')).toBe(true);
    const row = (await rankMapsRepository.findById(db, rankMapId))!;
    expect(row).toMatchObject({ status: 'completed', vendorQueue: 'standard', failedPoints: 0, creditsCharged: 625, creditsRefunded: 0, attempts: 3 });
    expect(row.vendorCostUsd).toBeCloseTo(625 * DATAFORSEO_STANDARD_USD, 10);
    expect(await balance(user.id)).toBe(before - 625);
    expect(await checkInvariants(db)).toEqual([]);
    console.log(`standard-queue drill: ${vendor.counters.posts} POSTs, ${vendor.counters.polls} tasks_ready polls, ${vendor.counters.taskGets} task_get, ${vendor.counters.idLists} id_list`);
  }, 400_000);
});
