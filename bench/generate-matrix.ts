import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { generateMatrix, toCoordinatesMatrix } from '@rankmaps/shared/geo/matrix';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { createContainer } from '../apps/server/src/container';
import { openPglite } from '../apps/server/src/db/client';
import { lookupIsSea } from '../apps/server/src/modules/geo/sea-index-query';
import { createSeaIndex, loadSeaIndex } from '../apps/server/src/modules/geo/sea-index';
import { loadSeaRings } from '../apps/server/src/modules/geo/sea-polygons';
import { naiveIsSea } from '../apps/server/src/modules/geo/sea-reference';
import { percentile, root, round, tempDataDir } from './lib';

const THIS_FILE = fileURLToPath(import.meta.url);
const MALAGA = { centerLat: 36.7213, centerLng: -4.4214, maxDistance: 7000, size: 25 };
/** Coastal and inland centres the warm runs cycle through, so no single cell stays hot. */
const CENTRES = [
  [36.7213, -4.4214],
  [41.3874, 2.1686],
  [38.7223, -9.1393],
  [45.4408, 12.3155],
  [60.3913, 5.3221],
  [40.4168, -3.7038],
  [69.6492, 18.9553],
  [43.2965, 5.3698],
] as const;
const WARM_CALLS = 400;

const mb = (bytes: number) => round(bytes / 2 ** 20);
const gc = () => (globalThis as { gc?: () => void }).gc?.();

/** Run in a fresh process: the first generate-matrix after start, loading the cached index, and the memory it adds. */
async function coldChild(cacheDir: string) {
  gc();
  const before = process.memoryUsage();
  const started = performance.now();
  const sea = createSeaIndex({ cacheDir });
  await sea.ready();
  const loadedMs = performance.now() - started;
  const points = generateMatrix(MALAGA, { isSea: (lat, lng) => sea.isSea(lat, lng) });
  toCoordinatesMatrix(points, MALAGA.size);
  const firstCallMs = performance.now() - started;
  gc();
  const after = process.memoryUsage();
  return {
    loadMs: round(loadedMs),
    firstCallMs: round(firstCallMs),
    gcExposed: typeof (globalThis as { gc?: unknown }).gc === 'function',
    rssAddedMB: mb(after.rss - before.rss),
    arrayBuffersAddedMB: mb(after.arrayBuffers - before.arrayBuffers),
    onSea: points.filter((p) => p.onSea).length,
  };
}

/**
 * generate-matrix for a 25×25 grid of 7 km with sea detection: the naive point-in-polygon
 * baseline, the one-time index build, the first call in a fresh process, warm latency of
 * the computation and of the HTTP endpoint, and the memory the index adds.
 */
export async function benchGenerateMatrix() {
  const dataDir = tempDataDir('rankmaps-bench-matrix-');
  const cacheDir = path.join(dataDir, 'cache');
  try {
    // 1. One-time build, in its child process, into an empty cache directory.
    const build = await loadSeaIndex({ cacheDir });

    // 2. Cold: a new process loads the cached file and answers its first 25×25 request.
    const child = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', THIS_FILE, '--cold', cacheDir], { cwd: root, encoding: 'utf8' });
    if (child.status !== 0) throw new Error(`cold run failed: ${child.stderr}`);
    const cold = JSON.parse(child.stdout.trim().split('\n').pop() ?? '{}') as Awaited<ReturnType<typeof coldChild>>;

    // 3. Warm computation: grid, sea detection and the coordinates matrix.
    const data = build.data;
    const run = (i: number) => {
      const [centerLat, centerLng] = CENTRES[i % CENTRES.length]!;
      const points = generateMatrix({ ...MALAGA, centerLat, centerLng }, { isSea: (lat, lng) => lookupIsSea(data, lat, lng) });
      return toCoordinatesMatrix(points, MALAGA.size);
    };
    for (let i = 0; i < 50; i++) run(i);
    const warm: number[] = [];
    for (let i = 0; i < WARM_CALLS; i++) {
      const t0 = performance.now();
      run(i);
      warm.push(performance.now() - t0);
    }
    warm.sort((a, b) => a - b);

    // 4. Warm endpoint: POST /api/place/generate-matrix through Fastify (validation, JSON of 625 points).
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, RATE_LIMIT_GLOBAL_MAX: '1000000', APP_URL: 'http://localhost:3000' });
    const container = await createContainer(config, pino({ level: 'silent' }), { database: await openPglite(undefined) });
    const app = await buildApp(container);
    const http: number[] = [];
    try {
      const authorization = `Bearer ${await container.accessTokens.sign('00000000-0000-0000-0000-000000000000')}`;
      const call = async (i: number) => {
        const [centerLat, centerLng] = CENTRES[i % CENTRES.length]!;
        const res = await app.inject({
          method: 'POST',
          url: '/api/place/generate-matrix',
          headers: { authorization },
          payload: { ...MALAGA, centerLat, centerLng, filterLandPoints: true },
        });
        if (res.statusCode !== 200) throw new Error(`generate-matrix answered ${res.statusCode}: ${res.body}`);
      };
      for (let i = 0; i < 30; i++) await call(i);
      for (let i = 0; i < WARM_CALLS; i++) {
        const t0 = performance.now();
        await call(i);
        http.push(performance.now() - t0);
      }
    } finally {
      await app.close();
      await container.close();
    }
    http.sort((a, b) => a - b);

    // 5. Naive baseline: point-in-polygon over every ring for each of the 625 points.
    const t0 = performance.now();
    const rings = loadSeaRings();
    const ringsLoadMs = performance.now() - t0;
    const t1 = performance.now();
    const naivePoints = generateMatrix(MALAGA, { isSea: (lat, lng) => naiveIsSea(rings, lat, lng) });
    const naiveMs = performance.now() - t1;
    const indexed = generateMatrix(MALAGA, { isSea: (lat, lng) => lookupIsSea(data, lat, lng) });
    const agree = naivePoints.every((p, i) => p.onSea === indexed[i]!.onSea);

    const p50 = percentile(warm, 50);
    return {
      name: 'generate-matrix 25×25, 7000 m, with sea detection',
      naive: { totalMs: round(naiveMs), perPointMs: round(naiveMs / 625, 2), sourceParseMs: round(ringsLoadMs), sameAnswers: agree },
      build: { oneTimeMs: round(build.buildMs), loadAfterBuildMs: round(build.loadMs) },
      cold,
      warmComputation: { calls: WARM_CALLS, p50Ms: round(p50, 3), p95Ms: round(percentile(warm, 95), 3) },
      warmEndpoint: { calls: WARM_CALLS, p50Ms: round(percentile(http, 50), 2), p95Ms: round(percentile(http, 95), 2) },
      speedUp: Math.round(naiveMs / p50),
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--cold' && process.argv[1] === THIS_FILE) {
  console.log(JSON.stringify(await coldChild(process.argv[3]!)));
} else if (process.argv[1] === THIS_FILE) {
  // Run on its own: node --import tsx bench/generate-matrix.ts
  console.log(JSON.stringify(await benchGenerateMatrix(), null, 2));
}
