import { fileURLToPath } from 'node:url';
import { round } from './lib';
import { benchLoad } from './load';

const THIS_FILE = fileURLToPath(import.meta.url);
/** The goal (issue 28): with /metrics on and scraped every 15 s, the open loop's p99 within 5 % of the same run without. */
const GOAL_PERCENT = 5;

/**
 * The cost of the metrics under load: bench/load.ts's warm-up and open loop (LOAD_RATE, 1,000
 * requests a second by default, for LOAD_SECONDS) twice back to back, each on a fresh server and
 * database: metrics off, then on (METRICS_TOKEN set, the server scraped every
 * LOAD_METRICS_SCRAPE_MS, 15 s). Run it on an idle machine: the difference sought is a few percent.
 */
export async function benchLoadMetrics(opts: { databaseUrl?: string } = {}) {
  const run = async (metrics: boolean) => {
    const r = await benchLoad({ databaseUrl: opts.databaseUrl, metrics, openLoopOnly: true });
    const openLoop = 'openLoop' in r ? r.openLoop : undefined;
    if (!openLoop) throw new Error('benchLoad did not run its open loop (LOAD_COSTS_ONLY set?)');
    return { openLoop, metrics: r.metrics };
  };
  const off = await run(false);
  const on = await run(true);
  const p99Off = off.openLoop.latencyMs.p99;
  const p99On = on.openLoop.latencyMs.p99;
  const differencePercent = round(((p99On - p99Off) / p99Off) * 100, 1);
  const clean = (r: typeof off) => r.openLoop.non2xx === 0 && r.openLoop.errors === 0 && r.openLoop.timeouts === 0;
  return {
    name: `Load with metrics on (scraped) against off: the open loop's p99, back to back (${opts.databaseUrl ? 'PostgreSQL' : 'PGlite'})`,
    rate: off.openLoop.requestsPerSecond,
    p99Ms: { off: p99Off, on: p99On },
    differencePercent,
    cpuMsPerRequest: { off: off.openLoop.server.cpuMsPerRequest, on: on.openLoop.server.cpuMsPerRequest },
    scrapes: on.metrics,
    off: off.openLoop,
    on: on.openLoop,
    goal: `p99 with metrics ≤ p99 without + ${GOAL_PERCENT} %, both runs without errors`,
    goalMet: clean(off) && clean(on) && differencePercent <= GOAL_PERCENT,
  };
}

if (process.argv[1] === THIS_FILE) {
  // Alone: node --import tsx bench/load-metrics.ts [postgres://…]
  const databaseUrl = process.argv.slice(2).find((a) => a.startsWith('postgres'));
  console.log(JSON.stringify(await benchLoadMetrics({ databaseUrl }), null, 2));
}
