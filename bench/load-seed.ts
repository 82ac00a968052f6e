import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { AnalyzeResponse } from '@rankmaps/shared/schemas/rankmaps';
import { buildApp } from '../apps/server/src/app';
import { startWorkers } from '../apps/server/src/jobs/start-workers';
import { creditsService } from '../apps/server/src/modules/billing/credits.service';
import { startSession } from '../apps/server/src/modules/auth/session.service';
import { rankMapsRepository } from '../apps/server/src/modules/rankmaps/rankmaps.repository';
import { buildUser } from '../apps/server/test/factories';
import { subscribeThroughSandbox } from '../apps/server/test/sandbox';
import { openBenchContainer } from './scan-env';

// The load test's data, written before the server starts: users on the Enterprise plan with
// credits, each with a business, two keywords, followed competitors and completed analyses
// made by the real scan workers (demo provider). The database is the one the server then
// opens: embedded PGlite in a data directory, or a scratch database on a PostgreSQL server.

/** Inland cities (every grid point on land) and businesses of the demo catalogue that have an address. */
const CITIES = [
  { slug: 'madrid', name: 'madrid', lat: 40.4168, lng: -3.7038 },
  { slug: 'zaragoza', name: 'zaragoza', lat: 41.6488, lng: -0.8891 },
  { slug: 'granada', name: 'granada', lat: 37.1773, lng: -3.5986 },
  { slug: 'murcia', name: 'murcia', lat: 37.9922, lng: -1.1307 },
  { slug: 'sevilla', name: 'sevilla', lat: 37.3891, lng: -5.9845 },
];
const CATEGORIES = ['dentista', 'restaurante', 'peluqueria', 'abogado', 'gimnasio', 'fisioterapeuta', 'veterinario', 'inmobiliaria'];

/** The sea index, built once into this folder and shared with the other benchmarks (scan-env.ts). */

export interface LoadUser {
  token: string;
  placeId: string;
  keywordIds: string[];
  /** Completed analyses, oldest first. */
  analysisIds: string[];
  gridSize: number;
}

export interface SeededData {
  dataDir: string;
  /** The scratch database, when PostgreSQL. */
  databaseUrl: string | undefined;
  database: 'PGlite' | 'PostgreSQL';
  users: LoadUser[];
  seedMs: number;
  points: number;
  /** Drops the data (directory, scratch database) once the server has stopped. */
  drop(): Promise<void>;
}

export interface SeedOptions {
  adminDatabaseUrl?: string;
  users: number;
  /** Every `bigEvery`-th user's business has a 25×25 grid (3 km); the others 7×7 (1.5 km). */
  bigEvery: number;
  analysesPerKeyword: number;
}

type Headers = Record<string, string>;

async function expectStatus(app: FastifyInstance, status: number, opts: InjectOptions & { method: string; url: string }) {
  const res = await app.inject(opts);
  if (res.statusCode !== status) throw new Error(`${opts.method} ${opts.url}: ${res.statusCode} ${res.body}`);
  return res;
}

async function seedUser(app: FastifyInstance, i: number, opts: SeedOptions, signer: (id: string) => Promise<string>, userId: string) {
  const headers: Headers = { authorization: `Bearer ${await signer(userId)}` };
  await subscribeThroughSandbox(app, headers, 'pro_enterprise', 'monthly');
  const city = CITIES[i % CITIES.length]!;
  const category = CATEGORIES[Math.floor(i / CITIES.length) % CATEGORIES.length]!;
  const big = i % opts.bigEvery === 0;
  const grid = big ? { gridSize: 25, radius: 3000 } : { gridSize: 7, radius: 1500 };
  const googlePlaceId = `demo-${city.slug}-${category}-1`;
  const place = await expectStatus(app, 201, {
    method: 'POST',
    url: '/api/place',
    headers,
    payload: { googlePlaceId, matrixConfig: { ...grid, coordinates: { lat: city.lat, lng: city.lng } } },
  });
  const placeId = place.json<{ _id: string }>()._id;
  const keywordIds: string[] = [];
  for (const name of [category, `${category} ${city.name}`]) {
    const kw = await expectStatus(app, 201, { method: 'POST', url: '/api/keyword', headers, payload: { name, placeId } });
    keywordIds.push(kw.json<{ _id: string }>()._id);
  }
  return { headers, placeId, googlePlaceId, keywordIds, gridSize: grid.gridSize };
}

/** Seeds the database through the real app and workers, then closes it for the server to open. */
export async function seedLoadData(opts: SeedOptions): Promise<SeededData> {
  const started = performance.now();
  const { dataDir, scratch, container } = await openBenchContainer('rankmaps-bench-load-', opts.adminDatabaseUrl, {
    SCAN_RATE_LIMIT_PER_MINUTE: '10000000',
    SCAN_CONCURRENCY: '50',
  });
  const app = await buildApp(container);
  let users: LoadUser[] = [];
  let points = 0;
  let failure: unknown;
  try {
    await app.ready();
    await container.seaIndex.ready();
    await startWorkers(container);
    const db = container.database.db;
    // Signed in as the SPA is: a session (refresh-token family) whose id each access token carries, checked on every call.
    const sign = async (id: string) => (await startSession(container, id, false)).accessToken;

    const seeded = [];
    for (let i = 0; i < opts.users; i++) {
      const user = await buildUser(container, { name: `Usuaria de carga ${i + 1}` });
      await creditsService.addPurchase(db, { userId: user.id, amount: 1_000_000, reference: randomUUID(), expiresAt: new Date(Date.now() + 365 * 86_400_000) });
      seeded.push({ userId: user.id, ...(await seedUser(app, i, opts, sign, user.id)) });
    }

    // Every analysis is queued at once; the process's two scan workers take them in turn.
    const queued: { userIndex: number; id: string }[] = [];
    for (let round = 0; round < opts.analysesPerKeyword; round++) {
      for (const [userIndex, u] of seeded.entries()) {
        for (const keywordId of u.keywordIds) {
          const res = await expectStatus(app, 201, { method: 'POST', url: `/api/rankmap/keyword/${keywordId}/analyze-advanced`, headers: u.headers, payload: { useWorker: true } });
          const body = res.json<AnalyzeResponse>();
          points += body.totalPoints;
          queued.push({ userIndex, id: body.rankMapId });
        }
      }
    }
    const deadline = Date.now() + 15 * 60_000;
    for (const q of queued) {
      for (;;) {
        const s = await rankMapsRepository.statusOwned(db, seeded[q.userIndex]!.userId, q.id);
        if (s?.status === 'completed') break;
        if (s?.status === 'failed') throw new Error(`seed scan failed: ${s.failureReason}`);
        if (Date.now() > deadline) throw new Error('seed scans not done in 15 min');
        await new Promise((r) => setTimeout(r, 100));
      }
    }

    // Two followed competitors per business, from its first analysis, as the trend and the competitor table show them.
    for (const [userIndex, u] of seeded.entries()) {
      const first = queued.find((q) => q.userIndex === userIndex)!;
      const row = await rankMapsRepository.findById(db, first.id);
      const others = (row?.competitorAnalysis?.competitors ?? []).filter((c) => c.placeId !== u.googlePlaceId);
      for (const c of others.slice(0, 2)) {
        await expectStatus(app, 201, { method: 'POST', url: `/api/place/${u.placeId}/competitors`, headers: u.headers, payload: { placeId: c.placeId, name: c.name } });
      }
    }

    users = await Promise.all(
      seeded.map(async (u, userIndex) => ({
        // Fresh tokens (15 minutes) of a session of their own, signed with the secret the database keeps for the server.
        token: await sign(u.userId),
        placeId: u.placeId,
        keywordIds: u.keywordIds,
        analysisIds: queued.filter((q) => q.userIndex === userIndex).map((q) => q.id),
        gridSize: u.gridSize,
      })),
    );
  } catch (err) {
    failure = err;
  } finally {
    await app.close();
    await container.close();
  }
  const drop = async () => {
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  if (failure) {
    await drop();
    throw failure;
  }
  return {
    dataDir,
    databaseUrl: scratch?.url,
    database: scratch ? 'PostgreSQL' : 'PGlite',
    users,
    seedMs: performance.now() - started,
    points,
    drop,
  };
}
