import { loadavg } from 'node:os';
import { workScanJobs } from '../apps/server/src/jobs/start-workers';
import { sleep } from '../apps/server/src/lib/sleep';
import { scanDeps } from '../apps/server/src/modules/rankmaps/scan/scan.service';
import { simulateSearch } from '../apps/server/src/providers/maps-search/demo';
import type { MapsSearchProvider } from '../apps/server/src/providers/maps-search/interface';
import { round, runWhenAlone } from './lib';
import { POINTS, median, openScanEnv, proUserWithGrid, scanThroughQueue } from './scan-env';

const RUNS = 3;
const LATENCY_MS = 200;
const CONCURRENCY = 10;
/** The least a scan can take: ceil(625 / 10) = 63 rounds of 200 ms = 12.6 s. */
const BOUND_MS = Math.ceil(POINTS / CONCURRENCY) * LATENCY_MS;

/** A vendor that takes 200 ms to answer, then answers as the demo simulation does. */
function slowProvider(): MapsSearchProvider {
  return {
    name: 'demo',
    async search(request, signal) {
      await sleep(LATENCY_MS, signal);
      return simulateSearch(request);
    },
  };
}

/**
 * A 25×25 scan against a provider with 200 ms of latency and a concurrency of 10, through the
 * queue: the provider is injected the way the tests inject one (scanDeps with a provider),
 * into workers registered as startWorkers registers them. Wall time against the bound.
 */
export async function benchScanLatency(opts: { databaseUrl?: string } = {}) {
  const env = await openScanEnv({ databaseUrl: opts.databaseUrl, env: { SCAN_RATE_LIMIT_PER_MINUTE: '10000000' } });
  try {
    await workScanJobs(env.container.boss, scanDeps(env.container, slowProvider(), { concurrency: CONCURRENCY }), 2);
    const { user, headers, keywordId } = await proUserWithGrid(env);
    const runs: { wallMs: number; queueMs: number; scanMs: number; overBound: string }[] = [];
    for (let i = 0; i < RUNS; i++) {
      const { wallMs, queueMs, scanMs } = await scanThroughQueue(env, user.id, headers, keywordId);
      runs.push({ wallMs, queueMs, scanMs, overBound: `${round((100 * (wallMs - BOUND_MS)) / BOUND_MS)}%` });
    }
    const wall = median(runs.map((r) => r.wallMs));
    return {
      name: `scan 25×25, provider latency ${LATENCY_MS} ms, concurrency ${CONCURRENCY}, through the queue (${env.database})`,
      loadAverage: loadavg().map((l) => round(l, 2)),
      boundMs: BOUND_MS,
      runs,
      median: { wallMs: wall, overBound: `${round((100 * (wall - BOUND_MS)) / BOUND_MS)}%` },
      goal: `within 10% of ${BOUND_MS} ms (≤ ${Math.round(BOUND_MS * 1.1)} ms)`,
    };
  } finally {
    await env.close();
  }
}

await runWhenAlone(import.meta.url, benchScanLatency);
