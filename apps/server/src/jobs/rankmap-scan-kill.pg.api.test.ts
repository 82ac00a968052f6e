import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { AnalyzeResponse, RankMapStatusResponse } from '@rankmaps/shared/schemas/rankmaps';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GEO_TEST_DATA_DIR } from '../../test/geo-data-dir';
import { checkInvariants } from '../../test/invariants';
import { createTestApp } from '../../test/test-app';
import { rankResultsRepository } from '../modules/rankmaps/rank-results.repository';
import { rankMapsRepository } from '../modules/rankmaps/rankmaps.repository';
import { sweepStaleScans } from '../modules/rankmaps/scan/scan-sweeper.service';
import { MADRID, rankmapFixtures } from '../../test/rankmap-fixtures';

const workerEntry = fileURLToPath(new URL('../worker.ts', import.meta.url));

// A real crash: `npm run worker` processes (PostgreSQL only, like production workers), one
// killed with SIGKILL in the middle of a scan, then a fresh one after the sweeper ran.
describe('a worker killed mid-scan', async () => {
  const { app, container, databaseUrl } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR });
  beforeAll(() => container.seaIndex.ready(), 300_000);
  const { withKeyword, analyze, balance } = rankmapFixtures(app, container);
  const db = container.database.db;
  const children: ChildProcess[] = [];
  const startWorker = (ratePerMinute: number) => {
    const child = spawn(process.execPath, ['--import', 'tsx', workerEntry], {
      env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: GEO_TEST_DATA_DIR, LOG_LEVEL: 'silent', NODE_ENV: 'test', SCAN_RATE_LIMIT_PER_MINUTE: String(ratePerMinute) },
      stdio: 'ignore',
    });
    children.push(child);
    return child;
  };
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 500));
  });

  it('when the worker is killed and another starts, then the analysis completes with every point stored once and charged once', async () => {
    const { user, headers, keywordId } = await withKeyword('pro_starter', 'demo-madrid-dentista-1', MADRID);
    const before = await balance(user.id);
    // 20 requests a minute: the first worker stores some points, then waits for the next minute.
    const first = startWorker(20);
    const { rankMapId } = (await analyze(headers, keywordId)).json<AnalyzeResponse>();
    await expect.poll(async () => (await rankResultsRepository.storedIndices(db, rankMapId)).size >= 10, { message: 'the first points', timeout: 60_000, interval: 100 }).toBe(true);
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    const stored = (await rankResultsRepository.storedIndices(db, rankMapId)).size;
    expect(stored).toBeLessThan(49);
    expect((await rankMapsRepository.findById(db, rankMapId))!.status).toBe('processing');

    // The scheduler's sweeper finds the silent run and queues it again; a new worker resumes it.
    await new Promise((r) => setTimeout(r, 1500));
    expect(await sweepStaleScans(container, { staleSeconds: 1, maxRuns: 5 })).toEqual({ requeued: 1, failed: 0 });
    const second = startWorker(100_000);
    const status = async () => (await app.inject({ method: 'GET', url: `/api/rankmap/${rankMapId}/status`, headers })).json<RankMapStatusResponse>();
    await expect.poll(async () => (await status()).status === 'completed', { message: 'completion', timeout: 90_000, interval: 100 }).toBe(true);
    second.kill('SIGTERM');

    const results = await rankResultsRepository.listByRankMap(db, rankMapId);
    expect(results).toHaveLength(49);
    expect(new Set(results.map((r) => r.pointIndex)).size).toBe(49);
    expect((await rankMapsRepository.findById(db, rankMapId))!).toMatchObject({ status: 'completed', attempts: 2, creditsCharged: 49, failedPoints: 0 });
    expect(await balance(user.id)).toBe(before - 49);
    expect(await checkInvariants(db)).toEqual([]);
  }, 180_000);
});
