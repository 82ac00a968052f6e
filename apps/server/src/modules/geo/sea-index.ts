import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, open, readFile, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import type { Logger } from 'pino';
import { compiled, serverDir } from '../../paths';
import type { SeaIndexData } from './sea-index-build';
import { SEA_INDEX_FILE_NAME, readSeaIndexFile } from './sea-index-file';
import { lookupIsSea } from './sea-index-query';
import { SEA_SOURCE_PATH, seaSourceKey } from './sea-polygons';

export type SeaIndexStatus = 'ready' | 'building' | 'failed';

/**
 * Sea detection for matrix points. The index is read from `${cacheDir}/sea-index-v1.bin`
 * when that file matches the installed coastline package, or built into it first (in a
 * child process, ~10 s once). Nothing happens until `ready()` or `warmUp()` is called, so
 * processes that never check a point never pay for it.
 */
export interface SeaIndex {
  /** 'building' until the index is loaded (including before anything asked for it). */
  status(): SeaIndexStatus;
  /** Loads the index (building it first if needed); resolves when isSea can answer. A failure is retried on the next call. */
  ready(): Promise<void>;
  /** Starts ready() in the background and logs a failure: for server start-up. */
  warmUp(): void;
  /** After ready(): whether the point is on the sea. Throws RangeError outside lat ±90, lng ±180. */
  isSea(lat: number, lng: number): boolean;
  /** After ready(): the prepared index itself, read-only (the coastline endpoint reads its edges). */
  indexData(): SeaIndexData;
  /** Stops a build this process started. */
  close(): Promise<void>;
}

export interface SeaIndexOptions {
  cacheDir: string;
  log?: Logger;
  /** The coastline GeoJSON; the installed package by default. */
  sourcePath?: string;
}

export interface SeaIndexLoad {
  data: SeaIndexData;
  /** Milliseconds spent building (0 when the cached file was used). */
  buildMs: number;
  loadMs: number;
}

const LOCK_STALE_MS = 10 * 60_000;
const BUILD_TIMEOUT_MS = 15 * 60_000;
const POLL_MS = 200;

const require = createRequire(import.meta.url);

// One load per file and process: several containers in one process (tests) share it.
const loads = new Map<string, Promise<SeaIndexLoad>>();
// Builds this process started, with their exit, so close() can stop and wait for them.
const builds = new Map<ChildProcess, Promise<void>>();

export function seaIndexFile(cacheDir: string): string {
  return path.join(cacheDir, SEA_INDEX_FILE_NAME);
}

export function createSeaIndex(opts: SeaIndexOptions): SeaIndex {
  const file = seaIndexFile(opts.cacheDir);
  let data: SeaIndexData | null = null;
  let failed = false;
  let pending: Promise<void> | null = null;

  const ready = () => {
    if (data) return Promise.resolve();
    pending ??= loadSeaIndex({ ...opts, file }).then(
      (load) => {
        data = load.data;
        failed = false;
        if (load.buildMs) opts.log?.info({ file, buildMs: load.buildMs, loadMs: load.loadMs }, 'índice de mar construido');
      },
      (err: unknown) => {
        failed = true;
        pending = null;
        throw err;
      },
    );
    return pending;
  };

  return {
    status: () => (data ? 'ready' : failed ? 'failed' : 'building'),
    ready,
    warmUp() {
      void ready().catch((err: unknown) => opts.log?.error({ err }, 'no se pudo preparar el índice de mar'));
    },
    isSea(lat, lng) {
      if (!data) throw new Error('sea index not ready: await ready() first');
      return lookupIsSea(data, lat, lng);
    },
    indexData() {
      if (!data) throw new Error('sea index not ready: await ready() first');
      return data;
    },
    async close() {
      const inFlight = pending;
      for (const child of builds.keys()) child.kill('SIGTERM');
      // Wait for the load to settle too, so an interrupted build has released its lock.
      await Promise.allSettled([...builds.values(), ...(inFlight ? [inFlight] : [])]);
    },
  };
}

/** Reads the cached index, building it first when it is missing or stale. */
export function loadSeaIndex(opts: SeaIndexOptions & { file?: string }): Promise<SeaIndexLoad> {
  const file = opts.file ?? seaIndexFile(opts.cacheDir);
  let load = loads.get(file);
  if (!load) {
    load = loadOrBuild(file, opts.sourcePath ?? SEA_SOURCE_PATH, opts.log);
    loads.set(file, load);
    void load.catch(() => loads.delete(file));
  }
  return load;
}

async function loadOrBuild(file: string, sourcePath: string, log?: Logger): Promise<SeaIndexLoad> {
  const key = seaSourceKey(sourcePath);
  let started = performance.now();
  const cached = await readSeaIndexFile(file, key);
  if (cached) return { data: cached, buildMs: 0, loadMs: performance.now() - started };

  await mkdir(path.dirname(file), { recursive: true });
  const buildStarted = performance.now();
  const deadline = Date.now() + BUILD_TIMEOUT_MS;
  for (;;) {
    const lock = await tryLock(`${file}.lock`);
    if (lock) {
      try {
        // Another process may have finished between our first read and taking the lock.
        started = performance.now();
        let data = await readSeaIndexFile(file, key);
        if (!data) {
          log?.info({ file }, 'construyendo el índice de mar (una sola vez)');
          await runBuild(sourcePath, file);
          started = performance.now();
          data = await readSeaIndexFile(file, key);
          if (!data) throw new Error(`sea index build did not produce ${file}`);
        }
        return { data, buildMs: started - buildStarted, loadMs: performance.now() - started };
      } finally {
        await lock.release();
      }
    }
    // Another process is building it: wait for its file instead of building twice.
    await delay(POLL_MS);
    started = performance.now();
    const data = await readSeaIndexFile(file, key);
    if (data) return { data, buildMs: started - buildStarted, loadMs: performance.now() - started };
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${file}`);
  }
}

/** An exclusive lock file holding our pid; a lock whose owner is gone, or too old, is taken over. */
async function tryLock(lockPath: string): Promise<{ release(): Promise<void> } | null> {
  try {
    const handle = await open(lockPath, 'wx');
    await handle.writeFile(String(process.pid));
    await handle.close();
    return { release: () => rm(lockPath, { force: true }) };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const info = await stat(lockPath).catch(() => null);
  if (!info) return null;
  const owner = Number(await readFile(lockPath, 'utf8').catch(() => ''));
  if (Date.now() - info.mtimeMs > LOCK_STALE_MS || (owner > 0 && !isAlive(owner))) await rm(lockPath, { force: true });
  return null;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The child that builds the index: the compiled CLI beside the bundle (no TypeScript loader at
 * run time), or sea-index-build-cli.ts through tsx when running the sources (docs/decisions.md §29.10).
 */
function buildCommand(): string[] {
  if (compiled) return ['--enable-source-maps', path.join(serverDir, 'dist/sea-index-build-cli.js')];
  return ['--import', pathToFileURL(require.resolve('tsx')).href, path.join(serverDir, 'src/modules/geo/sea-index-build-cli.ts')];
}

/** Runs the index build in a child process at low priority. */
function runBuild(sourcePath: string, file: string): Promise<void> {
  const child = spawn(process.execPath, [...buildCommand(), file, sourcePath], { stdio: ['ignore', 'ignore', 'pipe'] });
  try {
    // Building is background work: requests served meanwhile come first.
    if (child.pid) setPriority(child.pid, 10);
  } catch {
    // Not allowed on some systems; the build then runs at normal priority.
  }
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exit = new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      builds.delete(child);
      if (code === 0) resolve();
      else reject(new Error(`sea index build failed (${signal ?? code}): ${stderr.trim()}`));
    });
  });
  builds.set(child, exit);
  return exit;
}
