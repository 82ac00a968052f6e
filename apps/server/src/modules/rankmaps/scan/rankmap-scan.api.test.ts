import { randomUUID } from 'node:crypto';
import type { AnalyzeResponse, RankMapResponse } from '@rankmaps/shared/schemas/rankmaps';
import { beforeAll, describe, expect, it } from 'vitest';
import { GEO_TEST_DATA_DIR } from '../../../../test/geo-data-dir';
import { createTestApp } from '../../../../test/test-app';
import { RANKMAP_SCAN_JOB } from '../../../jobs/definitions/rankmap-scan';
import { simulateSearch } from '../../../providers/maps-search/demo';
import { creditsService } from '../../billing/credits.service';
import { rankResultsRepository } from '../rank-results.repository';
import { rankMapsRepository } from '../rankmaps.repository';
import { rateLimitRepository } from './rate-limit.repository';
import { FAILURE_REASONS } from './scan-billing.service';
import { runScan } from './scan.service';
import { sweepStaleScans } from './scan-sweeper.service';
import { searchRequest } from './scan-snapshot.service';
import { MADRID, rankmapFixtures } from '../../../../test/rankmap-fixtures';
import { fastScanDeps, scriptedProvider } from '../../../../test/scan-doubles';

describe('the scan engine', async () => {
  const { app, container } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR });
  beforeAll(() => container.seaIndex.ready(), 300_000);
  const { signedIn, createPlace, addKeyword, withKeyword, analyze, balance } = rankmapFixtures(app, container);
  const db = container.database.db;
  const detail = async (headers: Record<string, string>, id: string) => (await app.inject({ method: 'GET', url: `/api/rankmap/${id}`, headers })).json<RankMapResponse>();
  const start = async (headers: Record<string, string>, keywordId: string, payload: Record<string, unknown> | null = null, advanced = false) => {
    const res = await analyze(headers, keywordId, payload, advanced);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<AnalyzeResponse>();
  };

  it('when some points fail with 429s, then they are retried; points that still fail are stored as failed and refunded', async () => {
    const { user, headers, keywordId } = await withKeyword('pro_starter', 'demo-madrid-dentista-1', MADRID);
    const before = await balance(user.id);
    const { rankMapId, totalPoints } = await start(headers, keywordId);
    expect(totalPoints).toBe(49);
    const row = (await rankMapsRepository.findById(db, rankMapId))!;
    const key = (lat: number, lng: number) => `${lat},${lng}`;
    const pointAt = (i: number) => row.grid.points[i]!;
    const alwaysFail = new Set([5, 12, 40].map((i) => key(pointAt(i).lat, pointAt(i).lng)));
    const flaky = new Set([1, 2, 3, 20, 30].map((i) => key(pointAt(i).lat, pointAt(i).lng)));
    const fatal = key(pointAt(48).lat, pointAt(48).lng);
    const { provider, attempts } = scriptedProvider({
      fail: (req, attempt) => {
        const k = key(req.lat, req.lng);
        if (alwaysFail.has(k)) return 'retryable';
        if (flaky.has(k) && attempt <= 2) return 'retryable';
        return k === fatal ? 'fatal' : null;
      },
    });

    expect(await runScan(fastScanDeps(container, provider), rankMapId)).toBe('completed');

    for (const k of alwaysFail) expect(attempts.get(k)).toBe(4);
    for (const k of flaky) expect(attempts.get(k)).toBe(3);
    expect(attempts.get(fatal)).toBe(1);
    const body = await detail(headers, rankMapId);
    expect(body.rankMap).toMatchObject({ status: 'completed', progress: 100, failedPoints: 4, creditsCharged: 49, creditsRefunded: 4, isDemo: true });
    expect(body.results).toHaveLength(49);
    const failed = body.results.filter((r) => r.status === 'failed');
    expect(failed).toHaveLength(4);
    for (const r of failed) expect(r).toMatchObject({ googleResults: [], businessAnalysis: { found: false, position: null } });
    expect(body.rankMap.stats).toMatchObject({ totalPoints: 45 });
    expect(body.competitorAnalysis).toMatchObject({ totalPoints: 45 });
    expect(body.competitorAnalysis!.competitors.length).toBeGreaterThan(0);
    expect(body.results.find((r) => r.status === 'ok')!.googleResults.length).toBeGreaterThan(0);
    expect(await balance(user.id)).toBe(before - 45);
  });

  it('when the provider rejects every request (bad credentials), then the scan stops early, fails with a reason and costs nothing', async () => {
    const { user, headers, keywordId } = await withKeyword('pro_starter', 'demo-madrid-dentista-2', MADRID);
    const before = await balance(user.id);
    const { rankMapId } = await start(headers, keywordId);
    const { provider, calls } = scriptedProvider({ fail: () => 'fatal' });
    expect(await runScan(fastScanDeps(container, provider), rankMapId)).toBe('failed');
    expect(calls.length).toBeLessThan(10);
    const status = await app.inject({ method: 'GET', url: `/api/rankmap/${rankMapId}/status`, headers });
    expect(status.json()).toMatchObject({ status: 'failed', failureReason: FAILURE_REASONS.providerRejected });
    expect(await balance(user.id)).toBe(before);
  });

  it('when a killed run is resumed, then stored points are skipped, none is stored twice and credits are charged once', async () => {
    const { user, headers, keywordId } = await withKeyword('pro_starter', 'demo-madrid-dentista-3', MADRID);
    const before = await balance(user.id);
    const { rankMapId } = await start(headers, keywordId);
    const row = (await rankMapsRepository.findById(db, rankMapId))!;
    // What a worker killed mid-scan leaves: 7 points stored, a lease nobody renews.
    const stored = row.grid.points.slice(0, 7);
    await rankResultsRepository.insertMany(
      db,
      stored.map((p) => {
        const r = simulateSearch(searchRequest({ query: row.query, target: row.target, grid: row.grid, point: p, at: row.createdAt }));
        return { rankMapId, pointIndex: p.index, row: p.row, col: p.col, lat: p.lat, lng: p.lng, status: 'ok' as const, organic: r.organic, ads: r.ads, position: null, error: 'stored-before-the-kill' };
      }),
    );
    await rankMapsRepository.update(db, rankMapId, { status: 'processing', runToken: randomUUID(), heartbeatAt: new Date(Date.now() - 10 * 60_000), attempts: 1 });

    const { provider, calls } = scriptedProvider();
    expect(await runScan(fastScanDeps(container, provider), rankMapId)).toBe('completed');
    expect(calls).toHaveLength(49 - 7);
    const skipped = new Set(stored.map((p) => `${p.lat},${p.lng}`));
    expect(calls.some((c) => skipped.has(`${c.lat},${c.lng}`))).toBe(false);
    const results = await rankResultsRepository.listByRankMap(db, rankMapId);
    expect(results).toHaveLength(49);
    expect(results.filter((r) => r.error === 'stored-before-the-kill')).toHaveLength(7);
    expect(await balance(user.id)).toBe(before - 49);
    expect((await rankMapsRepository.findById(db, rankMapId))!).toMatchObject({ status: 'completed', attempts: 2, creditsCharged: 49, runToken: null });

    // A third run (a late pg-boss retry) does nothing.
    expect(await runScan(fastScanDeps(container, provider), rankMapId)).toBe('finished');
    expect(calls).toHaveLength(42);
  });

  it('when another worker holds a live lease, then a second run leaves the analysis alone', async () => {
    const { headers, keywordId } = await withKeyword('pro_starter', 'demo-madrid-dentista-4', MADRID);
    const { rankMapId } = await start(headers, keywordId);
    await rankMapsRepository.update(db, rankMapId, { status: 'processing', runToken: randomUUID(), heartbeatAt: new Date(), attempts: 1 });
    const { provider, calls } = scriptedProvider();
    expect(await runScan(fastScanDeps(container, provider), rankMapId)).toBe('busy');
    expect(calls).toHaveLength(0);
  });

  it('when an analysis is deleted while it runs, then the run stops and the unsearched points are refunded', async () => {
    const { user, headers, keywordId } = await withKeyword('pro_starter', 'demo-barcelona-dentista-1', { lat: 41.3874, lng: 2.1686 });
    const before = await balance(user.id);
    const { rankMapId, totalPoints } = await start(headers, keywordId);
    const { provider, calls } = scriptedProvider({ delayMs: 20 });
    const run = runScan(fastScanDeps(container, provider, { concurrency: 2 }), rankMapId);
    // Within the test's own 20 s, so that a stuck scan says what it was waiting for.
    await expect.poll(() => calls.length, { message: 'six searches under way', timeout: 15_000, interval: 10 }).toBeGreaterThanOrEqual(6);
    expect((await app.inject({ method: 'DELETE', url: `/api/rankmap/${rankMapId}`, headers })).statusCode).toBe(200);
    expect(await run).toBe('lost');
    expect(calls.length).toBeLessThan(totalPoints);
    const spent = before - (await balance(user.id));
    expect(spent).toBeGreaterThanOrEqual(0);
    expect(spent).toBeLessThan(totalPoints);
  });

  it('when a scheduled pro analysis starts without enough credits, then it fails with the reason', async () => {
    const { user, headers, keywordId } = await withKeyword('pro_starter', 'demo-barcelona-dentista-2', { lat: 41.3874, lng: 2.1686 });
    const { rankMapId, creditsCharged } = await start(headers, keywordId, { scheduledFor: new Date(Date.now() + 3_600_000).toISOString() }, true);
    expect(creditsCharged).toBe(0);
    await creditsService.adjust(db, { userId: user.id, source: 'subscription', amount: 3, reference: `t-${user.id}` });
    const { provider, calls } = scriptedProvider();
    expect(await runScan(fastScanDeps(container, provider), rankMapId)).toBe('failed');
    expect(calls).toHaveLength(0);
    const row = (await rankMapsRepository.findById(db, rankMapId))!;
    expect(row.failureReason).toBe(FAILURE_REASONS.insufficientCredits(row.totalPoints));
    expect(await balance(user.id)).toBe(3);
  });

  it('when two scans run at once under a shared limit, then no window ever grants more than the limit', async () => {
    const { headers } = await signedIn('pro_starter');
    const placeA = await createPlace(headers, 'demo-zaragoza-dentista-1', { lat: 41.6488, lng: -0.8891 }, 3);
    const placeB = await createPlace(headers, 'demo-zaragoza-dentista-2', { lat: 41.6488, lng: -0.8891 }, 3);
    const a = await start(headers, await addKeyword(headers, placeA));
    const b = await start(headers, await addKeyword(headers, placeB));
    // A provider name of its own, so the windows counted are this test's alone.
    const { provider, calls } = scriptedProvider({ name: 'google-places' });
    const limit = { limit: 4, windowSeconds: 1 };
    const t0 = Date.now();
    const outcomes = await Promise.all([
      runScan(fastScanDeps(container, provider, { rateLimit: limit, concurrency: 3 }), a.rankMapId),
      runScan(fastScanDeps(container, provider, { rateLimit: limit, concurrency: 3 }), b.rankMapId),
    ]);
    expect(outcomes).toEqual(['completed', 'completed']);
    expect(calls).toHaveLength(18);
    const windows = await rateLimitRepository.windows(db, 'google-places');
    for (const w of windows) expect(w.used).toBeLessThanOrEqual(4);
    expect(windows.reduce((n, w) => n + w.used, 0)).toBeGreaterThanOrEqual(18);
    // 18 requests at 4 per second need at least 5 windows: more than 3 s from the first.
    expect(Date.now() - t0).toBeGreaterThan(3000);
  });

  it('when a run stopped beating, then the sweeper queues it again; past its runs, it fails and is refunded', async () => {
    const { user, headers, keywordId } = await withKeyword('pro_starter', 'demo-valencia-dentista-1', { lat: 39.4699, lng: -0.3763 });
    const before = await balance(user.id);
    const { rankMapId } = await start(headers, keywordId);
    const stale = { status: 'processing' as const, runToken: randomUUID(), heartbeatAt: new Date(Date.now() - 10 * 60_000) };
    await rankMapsRepository.update(db, rankMapId, { ...stale, attempts: 1 });
    const first = (await rankMapsRepository.findById(db, rankMapId))!.jobId;

    expect(await sweepStaleScans(container, { staleSeconds: 120, maxRuns: 5 })).toEqual({ requeued: 1, failed: 0 });
    const requeued = (await rankMapsRepository.findById(db, rankMapId))!;
    expect(requeued.runToken).toBeNull();
    expect(requeued.jobId).not.toBe(first);
    expect(await container.boss.getJobById(RANKMAP_SCAN_JOB, requeued.jobId!)).toMatchObject({ state: 'created', data: { rankMapId } });
    // Swept once: with a fresh heartbeat it is not queued again.
    expect(await sweepStaleScans(container, { staleSeconds: 120, maxRuns: 5 })).toEqual({ requeued: 0, failed: 0 });

    await rankMapsRepository.update(db, rankMapId, { ...stale, attempts: 5 });
    expect(await sweepStaleScans(container, { staleSeconds: 120, maxRuns: 5 })).toEqual({ requeued: 0, failed: 1 });
    expect((await rankMapsRepository.findById(db, rankMapId))!).toMatchObject({ status: 'failed', failureReason: FAILURE_REASONS.exhausted });
    expect(await balance(user.id)).toBe(before);
  });
});
