import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { AnalyzeResponse } from '@rankmaps/shared/schemas/rankmaps';
import { sendScanJob } from '../apps/server/src/jobs/definitions/rankmap-scan';
import { workScanJobs, workVendorPollJobs } from '../apps/server/src/jobs/start-workers';
import { rankMapsRepository } from '../apps/server/src/modules/rankmaps/rankmaps.repository';
import { scanDeps } from '../apps/server/src/modules/rankmaps/scan/scan.service';
import { DATAFORSEO_CALLS_PER_MINUTE, DATAFORSEO_LIVE_USD, localDataForSeoEnv, startFakeDataForSeo } from '../apps/server/test/fake-dataforseo';
import { RECORDED_DETAILS, startFakeGooglePlaces } from '../apps/server/test/fake-google-places';
import { round } from './lib';
import { POINTS, openScanEnv, proUserWithGrid, scanThroughQueue } from './scan-env';

// Rank data (issue 14, docs/performance.md "Rank data (issue 14)"): the real DataForSEO adapter
// against the local DataForSEO (apps/server/test/fake-dataforseo.ts), at its documented prices.
// DataForSEO needs Google Places for the business (docs/decisions.md §21.1): the local one
// (apps/server/test/fake-google-places.ts) gives its recorded place, tracked on a Madrid grid.

const THIS_FILE = fileURLToPath(import.meta.url);

/** The local DataForSEO and Google Places, and the environment that points the app at them. */
async function startVendors(options: Parameters<typeof startFakeDataForSeo>[0], extra: Record<string, string> = {}) {
  const vendor = await startFakeDataForSeo(options);
  const places = await startFakeGooglePlaces();
  const env = { ...localDataForSeoEnv(vendor.baseUrl, places.baseUrl), SCAN_RATE_LIMIT_PER_MINUTE: String(DATAFORSEO_CALLS_PER_MINUTE), ...extra };
  return { vendor, env, close: () => Promise.all([vendor.close(), places.close()]) };
}

const LATENCY_MS: [number, number] = [2000, 8000];
/** 625 calls at 2,000 a minute take 18.75 s; the last may take the slowest answer, 8 s more. */
const LIVE_BOUND_MS = (POINTS / DATAFORSEO_CALLS_PER_MINUTE) * 60_000 + LATENCY_MS[1];

/** (c) An "Ahora" 25×25 scan, live, answers taking 2–8 s, 2,000 calls a minute: wall time against the bound. */
export async function benchLiveVendorScan(opts: { databaseUrl?: string } = {}) {
  const vendors = await startVendors({ latencyMs: LATENCY_MS, perMinute: DATAFORSEO_CALLS_PER_MINUTE });
  const { vendor } = vendors;
  const env = await openScanEnv({ databaseUrl: opts.databaseUrl, env: vendors.env });
  try {
    const deps = scanDeps(env.container, env.container.mapsSearch);
    await workScanJobs(env.container.boss, deps, 2);
    const { user, headers, keywordId } = await proUserWithGrid(env, 'dentista', RECORDED_DETAILS.id);
    const run = await scanThroughQueue(env, user.id, headers, keywordId, 300_000);
    const row = await rankMapsRepository.findById(env.container.database.db, run.rankMapId);
    return {
      name: `live scan 25×25 on the local DataForSEO: answers ${LATENCY_MS[0]}–${LATENCY_MS[1]} ms, ${DATAFORSEO_CALLS_PER_MINUTE} calls a minute, concurrency ${deps.concurrency} (${env.database})`,
      loadAverage: loadavg().map((l) => round(l, 2)),
      boundMs: LIVE_BOUND_MS,
      wallMs: run.wallMs,
      scanMs: run.scanMs,
      overBound: `${round((100 * (run.wallMs - LIVE_BOUND_MS)) / LIVE_BOUND_MS)}%`,
      vendor: { liveCalls: vendor.counters.live, rateLimited: vendor.counters.rateLimited },
      vendorCostUsd: row ? round(row.vendorCostUsd, 4) : null,
      goal: `≤ 1.1 × ${LIVE_BOUND_MS} ms = ${Math.round(LIVE_BOUND_MS * 1.1)} ms`,
    };
  } finally {
    await env.close();
    await vendors.close();
  }
}

/**
 * (a) + (b) A scheduled 25×25 scan through the standard queue: its vendor cost against the live
 * price, and the vendor calls it took (POSTs, tasks_ready polls, task_get reads). Tasks turn
 * ready 1–20 s after posting; the poll runs every 2 s (30 s in production).
 */
export async function benchStandardQueueScan(opts: { databaseUrl?: string } = {}) {
  const vendors = await startVendors({ latencyMs: [50, 300], taskReadyAfterMs: [1000, 20_000] }, { DATAFORSEO_STANDARD_POLL_SECONDS: '2' });
  const { vendor } = vendors;
  const env = await openScanEnv({ databaseUrl: opts.databaseUrl, env: vendors.env });
  const name = `scheduled scan 25×25 on the local DataForSEO's standard queue (${env.database})`;
  try {
    if (!env.container.mapsSearch.standardQueue) return { name, skipped: 'the DataForSEO adapter has no standard queue in this build' };
    const deps = scanDeps(env.container, env.container.mapsSearch);
    await workScanJobs(env.container.boss, deps, 2);
    await workVendorPollJobs(env.container.boss, deps);
    const { user, headers, keywordId } = await proUserWithGrid(env, 'dentista', RECORDED_DETAILS.id);
    const res = await env.app.inject({
      method: 'POST',
      url: `/api/rankmap/keyword/${keywordId}/analyze-advanced`,
      headers,
      payload: { scheduledFor: new Date(Date.now() + 86_400_000).toISOString() },
    });
    if (res.statusCode !== 201) throw new Error(`analyze: ${res.statusCode} ${res.body}`);
    const { rankMapId } = res.json<AnalyzeResponse>();
    const db = env.container.database.db;
    const t0 = Date.now();
    // Its hour comes now: the job the scheduler would run.
    await sendScanJob(env.container.boss, db, rankMapId);
    for (;;) {
      const s = await rankMapsRepository.statusOwned(db, user.id, rankMapId);
      if (s?.status === 'completed') break;
      if (s?.status === 'failed') throw new Error(`scan failed: ${s.failureReason}`);
      if (Date.now() - t0 > 300_000) throw new Error(`standard scan not done in 300 s (${s?.status} ${s?.progress}%)`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const row = (await rankMapsRepository.findById(db, rankMapId))!;
    const liveUsd = POINTS * DATAFORSEO_LIVE_USD;
    return {
      name,
      wallMs: Date.now() - t0,
      vendorCostUsd: round(row.vendorCostUsd, 4),
      liveCostUsd: liveUsd,
      saving: `${round((100 * (liveUsd - row.vendorCostUsd)) / liveUsd)}%`,
      vendor: {
        posts: vendor.counters.posts,
        tasksReadyPolls: vendor.counters.polls,
        taskGets: vendor.counters.taskGets,
        idLists: vendor.counters.idLists,
        live: vendor.counters.live,
        postedOnce: [...vendor.counters.postedPerTag.values()].every((n) => n === 1) && vendor.counters.postedPerTag.size === POINTS,
      },
      goal: `≤ $0.40 (live: $${liveUsd}); ≤ 7 POSTs plus polling`,
    };
  } finally {
    await env.close();
    await vendors.close();
  }
}

if (process.argv[1] === THIS_FILE) {
  // Alone: node --import tsx bench/rank-data-vendor.ts [postgres://…]
  console.log(JSON.stringify(await benchStandardQueueScan({ databaseUrl: process.argv[2] }), null, 2));
  console.log(JSON.stringify(await benchLiveVendorScan({ databaseUrl: process.argv[2] }), null, 2));
}
