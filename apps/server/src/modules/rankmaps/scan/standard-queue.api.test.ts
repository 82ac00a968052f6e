import type { AnalyzeResponse, RankMapResponse, RankMapStatusResponse } from '@rankmaps/shared/schemas/rankmaps';
import { beforeAll, describe, expect, it } from 'vitest';
import { GEO_TEST_DATA_DIR } from '../../../../test/geo-data-dir';
import { checkInvariants } from '../../../../test/invariants';
import { MADRID, rankmapFixtures } from '../../../../test/rankmap-fixtures';
import { STANDARD_TASK_USD, fastScanDeps, scriptedProvider, scriptedStandardQueue } from '../../../../test/scan-doubles';
import { createTestApp } from '../../../../test/test-app';
import type { MapsSearchProvider } from '../../../providers/maps-search/interface';
import { rankResultsRepository } from '../rank-results.repository';
import { rankMapsRepository } from '../rankmaps.repository';
import { runScan } from './scan.service';
import { sweepStaleScans } from './scan-sweeper.service';
import { pollStandardQueue, requeueVendorPolls, vendorTag } from './standard-queue.service';
import { vendorTasksRepository } from './vendor-tasks.repository';

const LIVE_USD = 0.002;
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();

// The engine on the standard queue (docs/decisions.md §21.2), driven step by step: the scan
// run posts, the poll collects and hands over, a run finishes. The vendor is an in-process
// double of the queue; the live searches of the fallback are the demo simulation at list price.
describe('the standard queue', async () => {
  const { app, container } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR });
  beforeAll(() => container.seaIndex.ready(), 300_000);
  const { withKeyword, analyze, balance } = rankmapFixtures(app, container);
  const db = container.database.db;

  const withQueue = (vendor: ReturnType<typeof scriptedStandardQueue>) => {
    const live = scriptedProvider();
    const provider: MapsSearchProvider = {
      name: 'demo',
      standardQueue: vendor.queue,
      search: async (request, signal) => ({ ...(await live.provider.search(request, signal)), costUsd: LIVE_USD }),
    };
    return { provider, liveCalls: live.calls };
  };
  const scheduled = async (googlePlaceId: string) => {
    const { user, headers, keywordId } = await withKeyword('pro_starter', googlePlaceId, MADRID);
    const before = await balance(user.id);
    const res = await analyze(headers, keywordId, { scheduledFor: inDays(2) }, true);
    expect(res.statusCode, res.body).toBe(201);
    return { user, headers, before, ...res.json<AnalyzeResponse>() };
  };
  const status = async (headers: Record<string, string>, id: string) =>
    (await app.inject({ method: 'GET', url: `/api/rankmap/${id}/status`, headers })).json<RankMapStatusResponse>();

  it('when a scheduled scan runs, then its points are posted in batches, it waits without a worker, and the polls collect and finish it at the standard price', async () => {
    const vendor = scriptedStandardQueue({ maxTasksPerPost: 10 });
    const { provider, liveCalls } = withQueue(vendor);
    const deps = fastScanDeps(container, provider);
    const { user, headers, before, rankMapId, totalPoints } = await scheduled('demo-madrid-dentista-1');
    expect(totalPoints).toBe(49);

    expect(await runScan(deps, rankMapId)).toBe('waiting');
    expect(vendor.counters.posts).toBe(5);
    expect(vendor.postsPerTag.size).toBe(49);
    const waiting = (await rankMapsRepository.findById(db, rankMapId))!;
    expect(waiting).toMatchObject({ status: 'processing', vendorQueue: 'standard', runToken: null, attempts: 1 });
    expect(waiting.vendorWaitSince).not.toBeNull();
    expect(await status(headers, rankMapId)).toMatchObject({ status: 'processing', waitingVendor: { received: 0, total: 49 } });
    // Nobody beats for it, and the sweeper leaves it to its polls.
    expect(await sweepStaleScans(container, { staleSeconds: 0, maxRuns: 5 })).toEqual({ requeued: 0, failed: 0 });

    vendor.finish(20);
    expect(await pollStandardQueue(deps, rankMapId)).toBe('waiting');
    expect(await status(headers, rankMapId)).toMatchObject({ status: 'processing', progress: 40, waitingVendor: { received: 20, total: 49 } });

    vendor.finish();
    expect(await pollStandardQueue(deps, rankMapId)).toBe('handedOver');
    expect(await runScan(deps, rankMapId)).toBe('completed');
    expect(liveCalls).toHaveLength(0);
    expect(vendor.counters.posts).toBe(5);
    expect([...vendor.postsPerTag.values()].every((n) => n === 1)).toBe(true);

    const detail = (await app.inject({ method: 'GET', url: `/api/rankmap/${rankMapId}`, headers })).json<RankMapResponse>();
    expect(detail.rankMap).toMatchObject({ status: 'completed', failedPoints: 0, creditsCharged: 49, creditsRefunded: 0 });
    expect(detail.rankMap.vendorCost.queue).toBe('standard');
    expect(detail.rankMap.vendorCost.usd).toBeCloseTo(49 * STANDARD_TASK_USD, 10);
    expect(detail.results).toHaveLength(49);
    const row = (await rankMapsRepository.findById(db, rankMapId))!;
    expect(row).toMatchObject({ attempts: 2, vendorWaitSince: null });
    expect((await rankResultsRepository.listByRankMap(db, rankMapId)).every((r) => r.costUsd === STANDARD_TASK_USD)).toBe(true);
    expect(await status(headers, rankMapId)).toMatchObject({ status: 'completed', waitingVendor: null });
    expect(await balance(user.id)).toBe(before - 49);
    expect(await checkInvariants(db)).toEqual([]);
  });

  it('when a POST answer is lost, then its points are never posted again and are adopted by their tags once ready', async () => {
    const vendor = scriptedStandardQueue({ maxTasksPerPost: 20, loseAnswerOfPost: 2 });
    const { provider, liveCalls } = withQueue(vendor);
    const deps = fastScanDeps(container, provider);
    const { rankMapId } = await scheduled('demo-madrid-dentista-2');

    expect(await runScan(deps, rankMapId)).toBe('waiting');
    const tasks = await vendorTasksRepository.listFor(db, rankMapId);
    const lost = tasks.filter((t) => t.state === 'posting');
    expect(lost).toHaveLength(20);
    expect(lost.every((t) => t.taskId === null)).toBe(true);

    // A second run (a crash and the sweeper, say) posts nothing again.
    await rankMapsRepository.update(db, rankMapId, { vendorWaitSince: null });
    expect(await runScan(deps, rankMapId)).toBe('waiting');
    expect(vendor.counters.posts).toBe(3);

    vendor.finish();
    expect(await pollStandardQueue(deps, rankMapId)).toBe('handedOver');
    expect(await runScan(deps, rankMapId)).toBe('completed');
    expect(liveCalls).toHaveLength(0);
    expect([...vendor.postsPerTag.values()].every((n) => n === 1)).toBe(true);
    const adopted = (await vendorTasksRepository.listFor(db, rankMapId)).filter((t) => lost.some((l) => l.pointIndex === t.pointIndex));
    expect(adopted.every((t) => t.state === 'collected' && t.taskId !== null)).toBe(true);
    // Collecting is free: the adopted tasks (no POST answer, no id list in this double) count at the queue's list price.
    const adoptedCost = (await rankResultsRepository.listByRankMap(db, rankMapId)).filter((r) => lost.some((l) => l.pointIndex === r.pointIndex));
    expect(adoptedCost.map((r) => r.costUsd)).toEqual(lost.map(() => STANDARD_TASK_USD));
    expect((await rankMapsRepository.findById(db, rankMapId))!.vendorCostUsd).toBeCloseTo(49 * STANDARD_TASK_USD, 10);
  });

  it('when the vendor is late past the bound or fails a task, then those points are searched live once, charged to the user once, and cost both tries', async () => {
    const vendor = scriptedStandardQueue();
    const { provider, liveCalls } = withQueue(vendor);
    const { user, before, rankMapId } = await scheduled('demo-madrid-dentista-3');
    const deps = fastScanDeps(container, provider);

    expect(await runScan(deps, rankMapId)).toBe('waiting');
    vendor.finish(40);
    expect(await pollStandardQueue(deps, rankMapId)).toBe('waiting');
    // The bound passes with 9 points still at the vendor.
    const late = fastScanDeps(container, provider, { standard: { pollSeconds: 1, maxWaitMinutes: 0 } });
    expect(await pollStandardQueue(late, rankMapId)).toBe('handedOver');
    expect((await vendorTasksRepository.listFor(db, rankMapId)).filter((t) => t.state === 'abandoned')).toHaveLength(9);
    expect(await runScan(late, rankMapId)).toBe('completed');
    expect(liveCalls).toHaveLength(9);
    expect([...vendor.postsPerTag.values()].every((n) => n === 1)).toBe(true);

    // Ready too late: nothing more is stored once the run took over.
    vendor.finish();
    expect(await pollStandardQueue(late, rankMapId)).toBe('idle');
    const row = (await rankMapsRepository.findById(db, rankMapId))!;
    expect(row).toMatchObject({ status: 'completed', failedPoints: 0, creditsCharged: 49, creditsRefunded: 0 });
    expect(row.vendorCostUsd).toBeCloseTo(49 * STANDARD_TASK_USD + 9 * LIVE_USD, 10);
    expect(await balance(user.id)).toBe(before - 49);
    expect(await checkInvariants(db)).toEqual([]);
  });

  it('when a task fails at the vendor, then its point is searched live after the others come back', async () => {
    const failTags = new Set<string>();
    const vendor = scriptedStandardQueue({ failTags });
    const { provider, liveCalls } = withQueue(vendor);
    const { rankMapId } = await scheduled('demo-madrid-dentista-4');
    failTags.add(vendorTag(rankMapId, 3));
    const deps = fastScanDeps(container, provider);
    expect(await runScan(deps, rankMapId)).toBe('waiting');
    vendor.finish();
    expect(await pollStandardQueue(deps, rankMapId)).toBe('handedOver');
    expect(await runScan(deps, rankMapId)).toBe('completed');
    expect(liveCalls).toHaveLength(1);
    expect((await rankMapsRepository.findById(db, rankMapId))!.vendorCostUsd).toBeCloseTo(49 * STANDARD_TASK_USD + LIVE_USD, 10);
  });

  it('when an "Ahora" scan runs on a provider with a standard queue, then it stays live and records the live cost', async () => {
    const vendor = scriptedStandardQueue();
    const { provider, liveCalls } = withQueue(vendor);
    const { headers, keywordId } = await withKeyword('pro_starter', 'demo-madrid-dentista-1', MADRID);
    const { rankMapId } = (await analyze(headers, keywordId)).json<AnalyzeResponse>();
    expect(await runScan(fastScanDeps(container, provider), rankMapId)).toBe('completed');
    expect(vendor.counters.posts).toBe(0);
    expect(liveCalls).toHaveLength(49);
    const row = (await rankMapsRepository.findById(db, rankMapId))!;
    expect(row.vendorQueue).toBe('live');
    expect(row.vendorCostUsd).toBeCloseTo(49 * LIVE_USD, 10);
  });

  it('when a waiting analysis has lost its poll job, then the scheduler queues one again', async () => {
    const vendor = scriptedStandardQueue();
    const { provider } = withQueue(vendor);
    const { rankMapId } = await scheduled('demo-madrid-dentista-1');
    expect(await runScan(fastScanDeps(container, provider), rankMapId)).toBe('waiting');
    await container.boss.purgeQueue('rankmap-vendor-poll');
    expect(await container.boss.getQueueSize('rankmap-vendor-poll', { before: 'active' })).toBe(0);
    expect(await requeueVendorPolls(container)).toBeGreaterThanOrEqual(1);
    const queued = await container.boss.getQueueSize('rankmap-vendor-poll', { before: 'active' });
    expect(queued).toBeGreaterThanOrEqual(1);
  });
});
