import type { AnalyzeResponse } from '@rankmaps/shared/schemas/rankmaps';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDataForSeoEnv, startFakeDataForSeo } from '../../test/fake-dataforseo';
import { RECORDED_AUTOCOMPLETE, RECORDED_DETAILS, startFakeGooglePlaces } from '../../test/fake-google-places';
import { freePort } from '../../test/fake-smtp';
import { GEO_TEST_DATA_DIR } from '../../test/geo-data-dir';
import { checkInvariants } from '../../test/invariants';
import { MADRID, rankmapFixtures } from '../../test/rankmap-fixtures';
import { type ServerProcess, ensureBuilt, startCompiled, waitHealthy } from '../../test/server-process';
import { openSse } from '../../test/sse-client';
import { createTestApp } from '../../test/test-app';
import { rankResultsRepository } from '../modules/rankmaps/rank-results.repository';
import { rankMapsRepository } from '../modules/rankmaps/rankmaps.repository';
import { SHUTDOWN_BUDGET_MS } from '../shutdown';

/** Live searches the vendor answers before it stops answering (the worker is stopped then). */
const ANSWERED = 20;

// SIGTERM to the compiled processes (`npm run serve`, `npm run worker`: test/server-process.ts)
// in the middle of their work (docs/operations.md "Shutdown"). The API gets it while a request
// waits for Google (the local Places holds its answer) and a chat stream is open: the request
// ends with its normal answer, new connections are refused, the process exits 0. A worker gets
// it while the local DataForSEO holds its live searches mid-scan: it exits 0, a second worker
// resumes the scan at once and finishes it; every point stored once, the user charged once.
// Every exit within the 15 s budget. PostgreSQL only: the processes share the database.
describe('drill: SIGTERM to the compiled API and worker mid-request and mid-scan', async () => {
  const vendor = await startFakeDataForSeo({ holdLiveAfter: ANSWERED });
  const places = await startFakeGooglePlaces();
  const vendorEnv = localDataForSeoEnv(vendor.baseUrl, places.baseUrl);
  const { app, container, databaseUrl } = await createTestApp({ DATA_DIR: GEO_TEST_DATA_DIR, ...vendorEnv });
  beforeAll(async () => {
    ensureBuilt();
    await container.seaIndex.ready();
  }, 300_000);
  const { signedIn, createPlace, addKeyword, analyze, balance } = rankmapFixtures(app, container);
  const db = container.database.db;
  const processes: ServerProcess[] = [];
  const env = { ...vendorEnv, DATABASE_URL: databaseUrl!, DATA_DIR: GEO_TEST_DATA_DIR, NODE_ENV: 'test', LOG_LEVEL: 'info', RUN_WORKER: 'false' };
  const start = (name: 'server' | 'worker', extra: Record<string, string> = {}) => {
    const p = startCompiled(name, { ...env, ...extra });
    processes.push(p);
    return p;
  };
  afterAll(async () => {
    for (const p of processes) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    await vendor.close();
    await places.close();
  });

  it('when the API gets SIGTERM while a request waits for Google and a chat stream is open, then the request gets its answer, new connections are refused and it exits 0 in 15 s', { timeout: 60_000 }, async () => {
    const { headers } = await signedIn('pro_enterprise');
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const api = start('server', { PORT: String(port), APP_URL: url });
    await waitHealthy(`${url}/api/health`);
    const stream = await openSse(`${url}/api/chat/stream`, headers);
    expect(stream.status).toBe(200);

    places.setMode('hold');
    const inFlight = fetch(`${url}/api/places/autocomplete?input=dentista`, { headers });
    await expect.poll(() => places.held(), { timeout: 10_000, interval: 20 }).toBe(1);
    const stopped = api.stop('SIGTERM');

    // The listening socket closes at once; the request is still waiting for Google meanwhile.
    await expect.poll(async () => (await fetch(`${url}/api/health`).then(() => 'answered', (err: Error) => (err.cause as NodeJS.ErrnoException | undefined)?.code)), { timeout: 5000, interval: 50 }).toBe('ECONNREFUSED');
    expect(places.held()).toBe(1);
    expect(api.child.exitCode).toBeNull();

    places.setMode('ok');
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(((await res.json()) as { suggestions: { placeId: string }[] }).suggestions.map((s) => s.placeId)).toEqual(RECORDED_AUTOCOMPLETE.suggestions.map((s) => s.placePrediction.placeId));
    const { code, ms } = await stopped;
    stream.close();
    expect(code, api.output()).toBe(0);
    expect(ms).toBeLessThanOrEqual(SHUTDOWN_BUDGET_MS);
    console.log(`graceful-shutdown drill: the API exited ${ms} ms after SIGTERM`);
  });

  it('when a worker gets SIGTERM mid-scan while the vendor holds its searches, then it exits 0 in 15 s and a second worker finishes the scan: each point stored once, charged once', { timeout: 60_000 }, async () => {
    const { user, headers } = await signedIn('pro_enterprise');
    // Google's place (the local Places' recorded one), a 7×7 grid on land in Madrid.
    const placeId = await createPlace(headers, RECORDED_DETAILS.id, MADRID, 7);
    const keywordId = await addKeyword(headers, placeId);
    const before = await balance(user.id);
    const res = await analyze(headers, keywordId);
    expect(res.statusCode, res.body).toBe(201);
    const { rankMapId } = res.json<AnalyzeResponse>();
    const total = (await rankMapsRepository.findById(db, rankMapId))!.totalPoints;
    expect(total).toBeGreaterThan(ANSWERED);

    const first = start('worker');
    // The vendor answered ANSWERED searches (stored) and holds the next ones.
    await expect
      .poll(async () => vendor.counters.heldLive > 0 && (await rankResultsRepository.listByRankMap(db, rankMapId)).length === ANSWERED, { timeout: 30_000, interval: 100 })
      .toBe(true);
    const jobBefore = (await rankMapsRepository.findById(db, rankMapId))!.jobId;
    const firstStop = await first.stop('SIGTERM');
    expect(firstStop.code, first.output()).toBe(0);
    expect(firstStop.ms).toBeLessThanOrEqual(SHUTDOWN_BUDGET_MS);
    expect(first.output()).toContain('el análisis pasa a otro worker');
    // Handed over: the lease is free, a new job is queued, the points kept.
    expect(await rankMapsRepository.findById(db, rankMapId)).toMatchObject({ status: 'processing', runToken: null, attempts: 1 });
    expect((await rankMapsRepository.findById(db, rankMapId))!.jobId).not.toBe(jobBefore);
    expect(await rankResultsRepository.listByRankMap(db, rankMapId)).toHaveLength(ANSWERED);

    vendor.releaseLive();
    const second = start('worker');
    await expect.poll(async () => (await rankMapsRepository.findById(db, rankMapId))!.status, { timeout: 30_000, interval: 100 }).toBe('completed');
    const secondStop = await second.stop('SIGTERM');
    expect(secondStop.code, second.output()).toBe(0);
    expect(secondStop.ms).toBeLessThanOrEqual(SHUTDOWN_BUDGET_MS);

    const results = await rankResultsRepository.listByRankMap(db, rankMapId);
    expect(results).toHaveLength(total);
    expect(new Set(results.map((r) => r.pointIndex)).size).toBe(total);
    expect(results.every((r) => r.status === 'ok')).toBe(true);
    expect(await rankMapsRepository.findById(db, rankMapId)).toMatchObject({ status: 'completed', failedPoints: 0, creditsCharged: total, creditsRefunded: 0, attempts: 2 });
    expect(await balance(user.id)).toBe(before - total);
    expect(await checkInvariants(db)).toEqual([]);
    console.log(`graceful-shutdown drill: workers exited ${firstStop.ms} ms (mid-scan) and ${secondStop.ms} ms after SIGTERM; ${vendor.counters.live} live searches for ${total} points (${vendor.counters.heldLive} held and cancelled by the stop)`);
  });
});
