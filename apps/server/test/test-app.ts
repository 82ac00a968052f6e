import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import pino, { type Logger } from 'pino';
import { afterAll, vi } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type Container, createContainer } from '../src/container';
import { type Database, openPglite, openPostgres } from '../src/db/client';
import { startWorkers } from '../src/jobs/start-workers';
import { migratedPgliteDump, migratedPostgresTemplate } from './migrated-template';
import type { MapsSearchProvider } from '../src/providers/maps-search/interface';

export interface TestApp {
  app: FastifyInstance;
  container: Container;
  /** The PostgreSQL database of this file (for a child process to share it); undefined on PGlite. */
  databaseUrl: string | undefined;
  close(): Promise<void>;
}

/**
 * A fresh database for one test file: in-memory PGlite by default, or a new database on
 * the PostgreSQL server named by TEST_DATABASE_URL (dropped afterwards).
 */
export async function openTestDatabase(): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = await openPglite(undefined, { loadDataDir: await migratedPgliteDump() });
    return { database, drop: () => Promise.resolve() };
  }
  const name = `rm_test_${randomBytes(6).toString('hex')}`;
  const template = await migratedPostgresTemplate(adminUrl);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 5);
  return {
    database,
    url: url.toString(),
    async drop() {
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      // pool.end() can return while connections are still closing; dropping with force
      // then kills them mid-close and their error surfaces in whatever test runs next. Past
      // 5 s the forced drop ends whatever is left.
      await vi
        .waitFor(
          async () => {
            const { rows } = await a.query<{ n: string }>('select count(*) as n from pg_stat_activity where datname = $1', [name]);
            if (Number(rows[0]?.n ?? 0) > 0) throw new Error('connections still closing');
          },
          { timeout: 5_000, interval: 100 },
        )
        .catch(() => undefined);
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

/**
 * Builds the real app on a fresh database; closed automatically after the file's tests.
 * `mapsSearch` replaces the configured maps-search provider (for the API and the workers),
 * so a test can fix the simulation's clock (scan-doubles.ts `scriptedProvider({ at })`).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  opts: { workers?: boolean; log?: Logger; mapsSearch?: MapsSearchProvider } = {},
): Promise<TestApp> {
  // Files (uploads) go to a fresh folder per test file, never to the project's ./data.
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'rankmaps-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_AUTH_MAX: '10000',
    RATE_LIMIT_GLOBAL_MAX: '100000',
    APP_URL: 'http://localhost:3000',
    // Developer tools on, as `npm start` and `npm run dev` have them (tests use the outbox, the
    // dev triggers and the sandbox); a production-like test gets what an operator gets by default:
    // none. Either way, the test's own DEV_TOOLS wins.
    ...(env.NODE_ENV === 'production' ? {} : { DEV_TOOLS: 'true' }),
    DATA_DIR: dataDir,
    ...env,
  });
  const log = opts.log ?? pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const { database, url: databaseUrl, drop } = await openTestDatabase();
  const container = await createContainer(config, log, { database });
  if (opts.mapsSearch) container.mapsSearch = opts.mapsSearch;
  const app = await buildApp(container);
  if (opts.workers) await startWorkers(container);
  await app.ready();
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await app.close();
    await container.close();
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  afterAll(close);
  return { app, container, databaseUrl, close };
}
