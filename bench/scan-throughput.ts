import { loadavg } from 'node:os';
import { startWorkers } from '../apps/server/src/jobs/start-workers';
import { simulateSearch } from '../apps/server/src/providers/maps-search/demo';
import { rankMapsRepository } from '../apps/server/src/modules/rankmaps/rankmaps.repository';
import { SCAN_DEFAULTS } from '../apps/server/src/modules/rankmaps/scan/scan.service';
import { searchRequest } from '../apps/server/src/modules/rankmaps/scan/scan-snapshot.service';
import { round, runWhenAlone } from './lib';
import { POINTS, median, openScanEnv, proUserWithGrid, scanThroughQueue } from './scan-env';

const RUNS = 7;
const PAIRS = 3;
/** The most SCAN_CONCURRENCY allows (1–50). */
const CONCURRENCY = 50;
/** High enough never to bind: a 25×25 scan takes 625 of it. */
const RATE_LIMIT_PER_MINUTE = 10_000_000;

/**
 * A 25×25 scan on the demo provider with no latency, end to end: POST analyze-advanced
 * (useWorker) queues the job, a pg-boss worker claims it, searches the 625 points, stores
 * them in batches, computes the metrics and completes it. Timed from the request to the
 * completed row. One warm-up scan, then RUNS scans; the median is the figure.
 */
export async function benchScanThroughput(opts: { databaseUrl?: string } = {}) {
  const env = await openScanEnv({ databaseUrl: opts.databaseUrl, env: { SCAN_CONCURRENCY: String(CONCURRENCY), SCAN_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT_PER_MINUTE) } });
  try {
    // The workers the server starts, with the provider the configuration names (demo).
    await startWorkers(env.container);
    const { user, headers, keywordId } = await proUserWithGrid(env);
    const other = await proUserWithGrid(env, 'clínica dental');

    const runs: { wallMs: number; queueMs: number; scanMs: number; pointsPerSecond: number }[] = [];
    let lastId = '';
    for (let i = 0; i <= RUNS; i++) {
      const { rankMapId, wallMs, queueMs, scanMs } = await scanThroughQueue(env, user.id, headers, keywordId);
      lastId = rankMapId;
      if (i === 0) continue; // warm-up
      runs.push({ wallMs, queueMs, scanMs, pointsPerSecond: Math.round((POINTS * 1000) / wallMs) });
    }

    // Two scans queued at once, one per worker: what the process does in aggregate.
    const pairs: { wallMs: number; pointsPerSecond: number }[] = [];
    for (let i = 0; i < PAIRS; i++) {
      const both = await Promise.all([scanThroughQueue(env, user.id, headers, keywordId), scanThroughQueue(env, other.user.id, other.headers, other.keywordId)]);
      const wallMs = Math.max(...both.map((b) => b.completedAt)) - Math.min(...both.map((b) => b.sentAt));
      pairs.push({ wallMs, pointsPerSecond: Math.round((2 * POINTS * 1000) / wallMs) });
    }

    // The provider alone: the demo simulation of the same 625 searches (warm).
    const row = (await rankMapsRepository.findById(env.container.database.db, lastId))!;
    const at = row.createdAt;
    const t1 = performance.now();
    for (const point of row.grid.points) simulateSearch(searchRequest({ query: row.query, target: row.target, grid: row.grid, point, at }));
    const providerMs = performance.now() - t1;

    const wall = median(runs.map((r) => r.wallMs));
    return {
      name: `scan 25×25, demo provider, no latency, through the queue (${env.database})`,
      loadAverage: loadavg().map((l) => round(l, 2)),
      config: { concurrency: CONCURRENCY, rateLimitPerMinute: RATE_LIMIT_PER_MINUTE, flushEvery: SCAN_DEFAULTS.flushEvery, workers: 2 },
      runs,
      median: {
        wallMs: round(wall),
        queueMs: median(runs.map((r) => r.queueMs)),
        scanMs: median(runs.map((r) => r.scanMs)),
        pointsPerSecond: Math.round((POINTS * 1000) / wall),
      },
      twoAtOnce: { runs: pairs, medianPointsPerSecond: median(pairs.map((p) => p.pointsPerSecond)) },
      demoSimulationOf625Ms: round(providerMs),
      goal: '≥ 2000 points/s',
    };
  } finally {
    await env.close();
  }
}

await runWhenAlone(import.meta.url, benchScanThroughput);
