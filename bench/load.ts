import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { round } from './lib';
import { MIX_ROUTES, MIX_WEIGHTS, MixState, browserHeaders } from './load-mix';
import { measureRouteCosts, profileRoutes } from './load-costs';
import { runPaced } from './load-paced';
import type { ProbeReport } from './load-probe';
import { summariseProfile } from './load-profile';
import { runSaturated } from './load-saturate';
import { driveScans } from './load-scans';
import { type LoadServer, postgresCpuSeconds, startLoadServer } from './load-server';
import { type SeededData, seedLoadData } from './load-seed';
import { latencySummary } from './load-stats';

const THIS_FILE = fileURLToPath(import.meta.url);

/** Every knob has an environment variable, for runs other than the standard one. */
const num = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
const SETTINGS = {
  users: num('LOAD_USERS', 50),
  /** Every 2nd business has a 25×25 grid, the rest 7×7. */
  bigEvery: num('LOAD_BIG_EVERY', 2),
  analysesPerKeyword: num('LOAD_ANALYSES_PER_KEYWORD', 2),
  rate: num('LOAD_RATE', 1000),
  warmUpSeconds: num('LOAD_WARMUP_SECONDS', 5),
  seconds: num('LOAD_SECONDS', 25),
  saturateSeconds: num('LOAD_SATURATE_SECONDS', 15),
  connections: num('LOAD_CONNECTIONS', 50),
  maxSockets: num('LOAD_MAX_SOCKETS', 200),
  scanEveryMs: num('LOAD_SCAN_EVERY_MS', 4000),
  profileSeconds: num('LOAD_PROFILE_SECONDS', 15),
  /** LOAD_COSTS_ONLY=1: each route's cost alone, no load runs (a quick check while optimising). */
  costsOnly: process.env.LOAD_COSTS_ONLY === '1',
  /** The server's log level; info (a line per request and per answer) is what production runs. */
  logLevel: process.env.LOAD_LOG_LEVEL ?? 'info',
  /** LOAD_METRICS=1: the server exposes /metrics (METRICS_TOKEN set) and is scraped every LOAD_METRICS_SCRAPE_MS, as Prometheus would. */
  metrics: process.env.LOAD_METRICS === '1',
  scrapeEveryMs: num('LOAD_METRICS_SCRAPE_MS', 15_000),
};
const TIMEOUT_MS = 10_000;
const METRICS_TOKEN = 'load-bench-metrics-token-0123456789';

/** Prometheus's part: GET /metrics every `everyMs` from now until stop(), with the time each scrape took and its size. */
function startScraper(baseUrl: string, everyMs: number) {
  const ms: number[] = [];
  let bytes = 0;
  let failures = 0;
  const scrape = async () => {
    const t0 = performance.now();
    try {
      const res = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}`, 'accept-encoding': 'gzip' } });
      const body = await res.arrayBuffer();
      if (res.status !== 200) failures++;
      else bytes = body.byteLength;
    } catch {
      failures++;
    }
    ms.push(performance.now() - t0);
  };
  void scrape();
  const timer = setInterval(() => void scrape(), everyMs);
  return {
    stop() {
      clearInterval(timer);
      return { everyMs, scrapes: ms.length, failures, lastBodyBytes: bytes, scrapeMs: ms.length ? latencySummary(ms) : null };
    },
  };
}
const GOAL = { rps: 1000, p99Ms: 100 };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** What only the server saw during a run: its CPU, event-loop delay, GC, and each route's time inside it. */
function serverSide(report: ProbeReport, cpuSeconds: number, postgresCpuSeconds: number, wallMs: number) {
  const requests = Object.values(report.routes).reduce((n, r) => n + r.count, 0);
  return {
    cpuPercentOfOneCore: Math.round((cpuSeconds / (wallMs / 1000)) * 100),
    /** PostgreSQL's processes over the same time (0 on PGlite, which runs inside the server). */
    postgresCpuPercentOfOneCore: Math.round((postgresCpuSeconds / (wallMs / 1000)) * 100),
    /** The server process's CPU time (the scans in its worker included) over the requests it answered: steadier than latency on a shared machine. */
    cpuMsPerRequest: round((cpuSeconds * 1000) / Math.max(1, requests), 2),
    /** PostgreSQL statements (the scans' included) over the requests answered. */
    statementsPerRequest: round(report.statements / Math.max(1, requests), 2),
    eventLoopDelayMs: Object.fromEntries(Object.entries(report.eventLoopDelayMs).map(([k, v]) => [k, round(v)])),
    gc: { count: report.gc.count, totalMs: round(report.gc.totalMs), maxMs: round(report.gc.maxMs) },
    routesInsideServerMs: Object.fromEntries(
      Object.entries(report.routes)
        .sort((a, b) => b[1].totalMs - a[1].totalMs)
        .map(([route, r]) => [route, { count: r.count, meanMs: round(r.totalMs / r.count, 2), ...latencySummary(r.samples), shareOfServerTime: round(r.totalMs) }]),
    ),
  };
}

/** Runs `measure` with the probe reset before and read after, and the server's CPU time over it. */
async function withServerFigures<T>(server: LoadServer, measure: () => Promise<T>) {
  // A run that overloaded the server leaves it answering clients that have gone: not this run's work.
  const before = await server.settle();
  await server.reset();
  const cpu0 = server.cpuSeconds();
  const pg0 = postgresCpuSeconds();
  const t0 = performance.now();
  const client = await measure();
  const wallMs = performance.now() - t0;
  const report = await server.report();
  const figures = serverSide(report, server.cpuSeconds() - cpu0, postgresCpuSeconds() - pg0, wallMs);
  return { client, server: { drainedBeforeMs: before.waitedMs, leftInFlightBefore: before.left, ...figures } };
}

/** Every route of the mix answers 200 for a seeded user before any figure is taken. */
async function checkMix(baseUrl: string, data: SeededData) {
  const u = data.users[0]!;
  const ids: Record<string, string> = {
    'GET /api/rankmap/{id}/status': u.analysisIds[0]!,
    'GET /api/rankmap/keyword/{id}': u.keywordIds[0]!,
    'GET /api/place/{id}?withKeywords=true': u.placeId,
    'GET /api/keyword/{id}': u.keywordIds[0]!,
    'GET /api/rankmap/{id}': u.analysisIds[0]!,
    'GET /api/rankmap/keyword/{id}/trend': u.keywordIds[0]!,
    'GET /api/place/{id}/competitors': u.placeId,
  };
  for (const route of MIX_ROUTES) {
    const url = route.replace(/^GET /, '').replace('{id}', ids[route] ?? '');
    const res = await fetch(baseUrl + url, { headers: browserHeaders(u.token) });
    if (res.status !== 200) throw new Error(`${route} answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
  }
}

/** The first read of an analysis builds its answer (then kept): done once for each, as earlier visits would have. */
async function openEveryAnalysis(baseUrl: string, data: SeededData) {
  const jobs = data.users.flatMap((u) => u.analysisIds.map((id) => ({ id, token: u.token })));
  const ms: number[] = [];
  const worker = async () => {
    for (let job = jobs.shift(); job; job = jobs.shift()) {
      const t0 = performance.now();
      const res = await fetch(`${baseUrl}/api/rankmap/${job.id}`, { headers: browserHeaders(job.token) });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`GET /api/rankmap/${job.id} answered ${res.status}`);
      ms.push(performance.now() - t0);
    }
  };
  await Promise.all([worker(), worker()]);
  return { analyses: ms.length, ...latencySummary(ms) };
}

/**
 * The load test: authenticated users running the SPA's mix of reads against the real
 * server over loopback, while scans run in its worker. An open-loop run at the goal's rate
 * (is p99 within 100 ms at 1,000 requests a second?), then a closed-loop run with autocannon
 * (how many requests a second at a fixed concurrency?), optionally a CPU-profiled run.
 */
export async function benchLoad(opts: { databaseUrl?: string; profile?: boolean; metrics?: boolean; openLoopOnly?: boolean } = {}) {
  const metricsOn = opts.metrics ?? SETTINGS.metrics;
  const log = (m: string) => console.error(`[load${metricsOn ? ', metrics on' : ''}] ${new Date().toISOString().slice(11, 19)} ${m}`);
  log(`seeding ${SETTINGS.users} users`);
  const data = await seedLoadData({ adminDatabaseUrl: opts.databaseUrl, users: SETTINGS.users, bigEvery: SETTINGS.bigEvery, analysesPerKeyword: SETTINGS.analysesPerKeyword });
  let server: LoadServer | undefined;
  try {
    const port = await freePort();
    server = await startLoadServer({
      port,
      env: {
        DATA_DIR: data.dataDir,
        // Empty counts as unset: nothing from the caller's environment may point the server elsewhere.
        DATABASE_URL: data.databaseUrl ?? '',
        JWT_SECRET: '',
        NODE_ENV: '',
        // As in production: no development routes, nor their per-request plan override lookup.
        DEV_TOOLS: 'false',
        RUN_WORKER: 'true',
        DEMO_USER: 'false',
        LOG_LEVEL: SETTINGS.logLevel,
        // Every request comes from 127.0.0.1; the limit still runs (and costs), it just never trips.
        RATE_LIMIT_GLOBAL_MAX: '1000000000',
        MAPS_SEARCH_PROVIDER: 'demo',
        DEMO_SEARCH_LATENCY_MS: '200',
        SCAN_CONCURRENCY: '10',
        SCAN_RATE_LIMIT_PER_MINUTE: '10000000',
        // Empty (off) unless this run measures the cost of metrics.
        METRICS_TOKEN: metricsOn ? METRICS_TOKEN : '',
        METRICS_PORT: '',
      },
    });
    const base = server.url;
    log(`seeded in ${Math.round(data.seedMs / 1000)} s; server up`);
    await checkMix(base, data);
    const scraper = metricsOn ? startScraper(base, SETTINGS.scrapeEveryMs) : null;
    const firstReads = await openEveryAnalysis(base, data);
    if (opts.openLoopOnly) {
      // The metrics comparison (load-metrics.ts): the same warm-up and open loop, nothing else.
      const state = new MixState(data.users);
      const scans = driveScans(base, state, SETTINGS.scanEveryMs);
      log('warm-up');
      await runSaturated({ baseUrl: base, state, connections: SETTINGS.connections, durationSeconds: SETTINGS.warmUpSeconds, timeoutSeconds: TIMEOUT_MS / 1000 });
      log(`open loop at ${SETTINGS.rate} requests/s`);
      const open = await withServerFigures(server, () => runPaced({ baseUrl: base, state, rate: SETTINGS.rate, durationMs: SETTINGS.seconds * 1000, maxSockets: SETTINGS.maxSockets, timeoutMs: TIMEOUT_MS }));
      scans.stop();
      return { metrics: scraper?.stop() ?? null, openLoop: { ...open.client, server: open.server } };
    }
    log('route costs');
    const routeCosts = await measureRouteCosts(server, data.users);
    // Kept after the run, for a viewer (Chrome DevTools, speedscope).
    const profileDir = opts.profile ? mkdtempSync(path.join(tmpdir(), `rankmaps-load-profiles-${data.database}-`)) : undefined;
    const routeProfiles = profileDir ? await profileRoutes(server, data.users, profileDir) : undefined;
    if (SETTINGS.costsOnly) return { metrics: scraper?.stop() ?? null, name: 'Load: route costs only (LOAD_COSTS_ONLY=1)', firstReadOfEachAnalysisMs: firstReads, routeCosts, ...(routeProfiles ? { routeProfiles } : {}) };

    const state = new MixState(data.users);
    const scans = driveScans(base, state, SETTINGS.scanEveryMs);
    const loadBefore = loadavg().map((l) => round(l, 2));
    const paced = (rate: number, durationMs: number) => runPaced({ baseUrl: base, state, rate, durationMs, maxSockets: SETTINGS.maxSockets, timeoutMs: TIMEOUT_MS });
    const saturated = (durationSeconds: number) =>
      runSaturated({ baseUrl: base, state, connections: SETTINGS.connections, durationSeconds, timeoutSeconds: TIMEOUT_MS / 1000 });

    // Warm-up closed, so that a server slower than the goal is not left with a backlog to answer.
    log('warm-up');
    await saturated(SETTINGS.warmUpSeconds);
    log(`open loop at ${SETTINGS.rate} requests/s`);
    const open = await withServerFigures(server, () => paced(SETTINGS.rate, SETTINGS.seconds * 1000));
    log(`closed loop, ${SETTINGS.connections} connections`);
    const closed = await withServerFigures(server, () => saturated(SETTINGS.saturateSeconds));
    // Below the goal: what the server does sustain, open loop at three quarters of its closed-loop throughput.
    const goalRunOk = open.client.non2xx === 0 && open.client.errors === 0 && open.client.timeouts === 0 && open.client.latencyMs.p99 <= GOAL.p99Ms;
    const sustainableRate = Math.floor(closed.client.requestsPerSecond * 0.75);
    let sustained: Awaited<typeof open> | undefined;
    if (!goalRunOk && sustainableRate > 0 && sustainableRate < SETTINGS.rate) {
      log(`open loop at ${sustainableRate} requests/s`);
      sustained = await withServerFigures(server, () => paced(sustainableRate, SETTINGS.seconds * 1000));
    }
    let profile: (ReturnType<typeof summariseProfile> & { file: string }) | undefined;
    if (profileDir) {
      const file = path.join(profileDir, 'mix.cpuprofile');
      await server.settle();
      await server.startProfile();
      await paced(Math.min(SETTINGS.rate, sustainableRate || SETTINGS.rate), SETTINGS.profileSeconds * 1000);
      await server.stopProfile(file);
      profile = { file, ...summariseProfile(file) };
    }
    scans.stop();
    const metricsScrapes = scraper?.stop() ?? null;
    const loadAfter = loadavg().map((l) => round(l, 2));
    const queuedScans = scans.result();

    return {
      name: `Load: the SPA's authenticated reads with scans in the worker, real HTTP on loopback (${data.database})`,
      loadAverage: { before: loadBefore, after: loadAfter },
      setup: {
        users: data.users.length,
        businesses: `${data.users.filter((u) => u.gridSize === 25).length} with a 25×25 grid, ${data.users.filter((u) => u.gridSize !== 25).length} with 7×7; 2 keywords each`,
        completedAnalysesSeeded: data.users.length * 2 * SETTINGS.analysesPerKeyword,
        seededPoints: data.points,
        seedSeconds: round(data.seedMs / 1000),
        serverLogLevel: SETTINGS.logLevel,
        metrics: metricsScrapes ?? 'off (LOAD_METRICS=1 turns /metrics on and scrapes it)',
        scansDuringLoad:
          SETTINGS.scanEveryMs > 0 ? `one every ${SETTINGS.scanEveryMs / 1000} s, demo provider with 200 ms latency, concurrency 10, two scan workers` : 'none (LOAD_SCAN_EVERY_MS=0)',
        mix: MIX_WEIGHTS,
        acceptEncoding: browserHeaders('')['accept-encoding'],
      },
      firstReadOfEachAnalysisMs: firstReads,
      routeCosts,
      ...(routeProfiles ? { routeProfiles } : {}),
      openLoop: { ...open.client, server: open.server },
      closedLoop: { ...closed.client, server: closed.server },
      ...(sustained ? { openLoopAtThreeQuartersOfClosedLoop: { ...sustained.client, server: sustained.server } } : {}),
      scans: {
        queued: queuedScans.queued,
        queuedPoints: queuedScans.points,
        rejected: queuedScans.rejected,
        completedSeen: state.scanWallMs.length,
        failed: state.failed,
        stillRunningAtEnd: state.running.size,
        queuedToCompletedMs: state.scanWallMs.length ? latencySummary(state.scanWallMs) : null,
      },
      ...(profile ? { profile } : {}),
      goal: `≥ ${GOAL.rps} requests/s with p99 ≤ ${GOAL.p99Ms} ms and zero errors`,
      // The open loop answered (almost) all it was sent in its window; 2% allows for the last requests' drain time.
      goalMet: goalRunOk && open.client.requestsPerSecond >= GOAL.rps * 0.98,
    };
  } finally {
    await server?.stop();
    await data.drop();
  }
}

if (process.argv[1] === THIS_FILE) {
  // Alone: node --import tsx bench/load.ts [postgres://…] [--profile]
  const args = process.argv.slice(2);
  const databaseUrl = args.find((a) => a.startsWith('postgres'));
  console.log(JSON.stringify(await benchLoad({ databaseUrl, profile: args.includes('--profile') }), null, 2));
}
