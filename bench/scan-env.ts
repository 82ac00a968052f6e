import { randomBytes, randomUUID } from 'node:crypto';
import { Agent } from 'node:http';
import { mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import type { AnalyzeResponse } from '@rankmaps/shared/schemas/rankmaps';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { type Container, createContainer } from '../apps/server/src/container';
import { creditsService } from '../apps/server/src/modules/billing/credits.service';
import { rankMapsRepository } from '../apps/server/src/modules/rankmaps/rankmaps.repository';
import { runScan, scanDeps } from '../apps/server/src/modules/rankmaps/scan/scan.service';
import { createDemoMapsSearchProvider } from '../apps/server/src/providers/maps-search/demo';
import { buildUser } from '../apps/server/test/factories';
import { subscribeThroughSandbox } from '../apps/server/test/sandbox';
import { tempDataDir } from './lib';

// What the scan benchmarks share: the real app and container on a fresh database (embedded
// PGlite on disk, as `npm run serve` has it, or a scratch database on a PostgreSQL server),
// and a pro user with a 25×25 grid in Madrid, where every point is on land.

export const MADRID = { lat: 40.4168, lng: -3.7038 };
export const GRID = { gridSize: 25, radius: 3000 };
export const POINTS = GRID.gridSize * GRID.gridSize;

/** The sea index is built once (~10 s) into this folder and reused by later runs, as the tests do. */
const SEA_CACHE = path.join(tmpdir(), 'rankmaps-bench-geo-cache');

type Headers = Record<string, string>;

/** For benchmarks whose scans are set-up, not what is measured: no rate limit to wait for. */
export const UNLIMITED_SCANS = { SCAN_RATE_LIMIT_PER_MINUTE: '10000000', SCAN_CONCURRENCY: '50' };

export interface ScanEnv {
  app: FastifyInstance;
  container: Container;
  database: 'PGlite' | 'PostgreSQL';
  close(): Promise<void>;
}

/** A scratch database on the server `adminUrl` names, dropped by `drop` (as the API tests do). */
export async function scratchDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `rm_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

/**
 * The real container and app, with its database opened the way the server opens it
 * (DATABASE_URL or DATA_DIR/db). Scan workers are not started: each benchmark starts the
 * ones it measures.
 */
/**
 * A container for a benchmark: a fresh data folder, a scratch PostgreSQL database when
 * `databaseUrl` is given (else the embedded one), limits out of the way, silent logs, and
 * the shared sea index cache linked in.
 */
export async function openBenchContainer(prefix: string, databaseUrl: string | undefined, env: Record<string, string> = {}) {
  const dataDir = tempDataDir(prefix);
  const scratch = databaseUrl ? await scratchDatabase(databaseUrl) : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    APP_URL: 'http://localhost:3000',
    DATA_DIR: dataDir,
    RATE_LIMIT_GLOBAL_MAX: '1000000',
    RATE_LIMIT_AUTH_MAX: '1000000',
    // The benchmarks' users subscribe through the payments sandbox, a developer tool.
    DEV_TOOLS: 'true',
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    ...env,
  });
  const container = await createContainer(config, pino({ level: 'silent' }));
  // After the database is created (embedded PGlite wants an empty folder), before the index
  // loads: later processes (the load test's server) find the index here too.
  mkdirSync(SEA_CACHE, { recursive: true });
  symlinkSync(SEA_CACHE, path.join(dataDir, 'cache'));
  return { dataDir, scratch, container };
}

export async function openScanEnv(opts: { databaseUrl?: string; env?: Record<string, string> } = {}): Promise<ScanEnv> {
  const { dataDir, scratch, container } = await openBenchContainer('rankmaps-bench-scan-', opts.databaseUrl, opts.env);
  const app = await buildApp(container);
  await app.ready();
  await container.seaIndex.ready();
  return {
    app,
    container,
    database: scratch ? 'PostgreSQL' : 'PGlite',
    async close() {
      await app.close();
      await container.close();
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs `measure` on a fresh scan environment with one kept-alive connection, as the HTTP
 * benchmarks talk to the server over loopback, then closes both whatever happens.
 */
export async function withLoopbackAgent<T>(opts: { databaseUrl?: string; env?: Record<string, string> }, measure: (env: ScanEnv, agent: Agent) => Promise<T>): Promise<T> {
  const env = await openScanEnv(opts);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    return await measure(env, agent);
  } finally {
    agent.destroy();
    await env.close();
  }
}

/** A new user with a monthly `planId` subscription bought in the payments sandbox, and the header that signs in as them. */
export async function subscribedUser(env: ScanEnv, planId: string) {
  const user = await buildUser(env.container);
  const headers: Headers = { authorization: `Bearer ${await env.container.accessTokens.sign(user.id)}` };
  await subscribeThroughSandbox(env.app, headers, planId, 'monthly');
  return { user, headers };
}

/**
 * A pro (Enterprise, grids up to 25×25) user with plenty of credits, a 25×25 place in Madrid and
 * a keyword. `googlePlaceId` is a demo place, or the local Google Places' recorded one when the
 * environment has a Google key (DataForSEO requires it).
 */
export async function proUserWithGrid(env: ScanEnv, keyword = 'dentista', googlePlaceId = 'demo-madrid-dentista-1') {
  const { app, container } = env;
  const { user, headers } = await subscribedUser(env, 'pro_enterprise');
  await creditsService.addPurchase(container.database.db, { userId: user.id, amount: 1_000_000, reference: randomUUID(), expiresAt: new Date(Date.now() + 365 * 86_400_000) });
  const place = await app.inject({
    method: 'POST',
    url: '/api/place',
    headers,
    payload: { googlePlaceId, matrixConfig: { ...GRID, coordinates: MADRID } },
  });
  if (place.statusCode !== 201) throw new Error(`place: ${place.statusCode} ${place.body}`);
  const placeId = place.json<{ _id: string }>()._id;
  const kw = await app.inject({ method: 'POST', url: '/api/keyword', headers, payload: { name: keyword, placeId } });
  if (kw.statusCode !== 201) throw new Error(`keyword: ${kw.statusCode} ${kw.body}`);
  return { user, headers, placeId, keywordId: kw.json<{ _id: string }>()._id };
}

/**
 * Starts an analysis of the keyword through the API (`query` as its search text, else the
 * keyword's) and runs its scan in this process with the demo provider, as set-up for a
 * benchmark that reads analyses; returns the completed analysis's id.
 */
export async function scanNow(env: ScanEnv, headers: Headers, keywordId: string, query?: string): Promise<string> {
  const started = await env.app.inject({ method: 'POST', url: `/api/rankmap/keyword/${keywordId}/analyze`, headers, ...(query === undefined ? {} : { payload: { query } }) });
  if (started.statusCode !== 201) throw new Error(`analyze: ${started.statusCode} ${started.body}`);
  const { rankMapId } = started.json<AnalyzeResponse>();
  if ((await runScan(scanDeps(env.container, createDemoMapsSearchProvider()), rankMapId)) !== 'completed') throw new Error('scan did not complete');
  return rankMapId;
}

/**
 * POST analyze-advanced {useWorker: true} (the analysis is queued for the workers), then
 * waits for it to complete. Times come from the clock of this process, which also stamps
 * the analysis's startedAt and completedAt, so the status poll's interval does not count.
 */
export async function scanThroughQueue(env: ScanEnv, userId: string, headers: Headers, keywordId: string, timeoutMs = 120_000) {
  const t0 = Date.now();
  const res = await env.app.inject({ method: 'POST', url: `/api/rankmap/keyword/${keywordId}/analyze-advanced`, headers, payload: { useWorker: true } });
  if (res.statusCode !== 201) throw new Error(`analyze: ${res.statusCode} ${res.body}`);
  const { rankMapId, totalPoints } = res.json<AnalyzeResponse>();
  if (totalPoints !== POINTS) throw new Error(`expected ${POINTS} valid points, got ${totalPoints}`);
  const db = env.container.database.db;
  for (;;) {
    const s = await rankMapsRepository.statusOwned(db, userId, rankMapId);
    if (s?.status === 'completed') break;
    if (s?.status === 'failed') throw new Error(`scan failed: ${s.failureReason}`);
    if (Date.now() - t0 > timeoutMs) throw new Error(`scan not done in ${timeoutMs} ms (${s?.status} ${s?.progress}%)`);
    await new Promise((r) => setTimeout(r, 20));
  }
  const row = await rankMapsRepository.findById(db, rankMapId);
  if (!row?.startedAt || !row.completedAt) throw new Error('completed analysis without its times');
  if (row.failedPoints !== 0) throw new Error(`${row.failedPoints} points failed`);
  const end = row.completedAt.getTime();
  return {
    rankMapId,
    /** When the request was sent and when the analysis completed (ms since the epoch). */
    sentAt: t0,
    completedAt: end,
    /** Request sent → analysis completed. */
    wallMs: end - t0,
    /** Request sent → a worker claimed the analysis: the analyze request itself (grid snapshot, credits, the job, one transaction), then the queue. */
    queueMs: row.startedAt.getTime() - t0,
    /** Claimed → completed: searches, stored results, metrics, refunds. */
    scanMs: end - row.startedAt.getTime(),
  };
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
