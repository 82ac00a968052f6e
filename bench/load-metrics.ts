import { fileURLToPath } from 'node:url';
import { round } from './lib';
import { benchLoad } from './load';

const THIS_FILE = fileURLToPath(import.meta.url);
/** The goal (issue 28): with /metrics on and scraped every 15 s, the open loop's p99 within 5 % of the same run without. */
const GOAL_PERCENT = 5;

/** Rounds of off/on pairs (LOAD_METRICS_ROUNDS): one pair's p99s move more between runs than the few percent sought. */
const ROUNDS = Number(process.env.LOAD_METRICS_ROUNDS ?? 2);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) throw new Error('no runs to take a median of (LOAD_METRICS_ROUNDS ≥ 1)');
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * The cost of the metrics under load: bench/load.ts's warm-up and open loop (LOAD_RATE, 1,000
 * requests a second by default, for LOAD_SECONDS) with metrics off and on, each run on a fresh
 * server and database: metrics on means METRICS_TOKEN set and the server scraped every
 * LOAD_METRICS_SCRAPE_MS (15 s). The pairs alternate which goes first (off, on, then on, off…), so
 * that a machine slowing down or warming up over the sitting does not favour one side; the goal
 * compares the medians. Run it on an idle machine: the difference sought is a few percent.
 */
export async function benchLoadMetrics(opts: { databaseUrl?: string } = {}) {
  const run = async (metrics: boolean) => {
    const r = await benchLoad({ databaseUrl: opts.databaseUrl, metrics, openLoopOnly: true });
    const openLoop = 'openLoop' in r ? r.openLoop : undefined;
    if (!openLoop) throw new Error('benchLoad did not run its open loop (LOAD_COSTS_ONLY set?)');
    return { openLoop, metrics: r.metrics };
  };
  const offRuns: Awaited<ReturnType<typeof run>>[] = [];
  const onRuns: Awaited<ReturnType<typeof run>>[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const metrics of round % 2 === 0 ? [false, true] : [true, false]) (metrics ? onRuns : offRuns).push(await run(metrics));
  }
  const p99Off = median(offRuns.map((r) => r.openLoop.latencyMs.p99));
  const p99On = median(onRuns.map((r) => r.openLoop.latencyMs.p99));
  const differencePercent = round(((p99On - p99Off) / p99Off) * 100, 1);
  const clean = (r: (typeof offRuns)[number]) => r.openLoop.non2xx === 0 && r.openLoop.errors === 0 && r.openLoop.timeouts === 0;
  return {
    name: `Load with metrics on (scraped) against off: the open loop's p99, ${ROUNDS} alternated pairs (${opts.databaseUrl ? 'PostgreSQL' : 'PGlite'})`,
    rate: offRuns.map((r) => r.openLoop.requestsPerSecond),
    p99Ms: { off: offRuns.map((r) => r.openLoop.latencyMs.p99), on: onRuns.map((r) => r.openLoop.latencyMs.p99), medianOff: p99Off, medianOn: p99On },
    differencePercent,
    cpuMsPerRequest: { off: offRuns.map((r) => r.openLoop.server.cpuMsPerRequest), on: onRuns.map((r) => r.openLoop.server.cpuMsPerRequest) },
    scrapes: onRuns.map((r) => r.metrics),
    goal: `median p99 with metrics ≤ median p99 without + ${GOAL_PERCENT} %, every run without errors`,
    goalMet: [...offRuns, ...onRuns].every(clean) && differencePercent <= GOAL_PERCENT,
  };
}

if (process.argv[1] === THIS_FILE) {
  // Alone: node --import tsx bench/load-metrics.ts [postgres://…]
  const databaseUrl = process.argv.slice(2).find((a) => a.startsWith('postgres'));
  console.log(JSON.stringify(await benchLoadMetrics({ databaseUrl }), null, 2));
}
