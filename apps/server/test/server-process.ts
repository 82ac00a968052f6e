import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { serverDir } from '../src/paths';

// The compiled server and worker (`npm run build` → apps/server/dist, started by `npm run serve`
// and `npm run worker` with plain node: docs/decisions.md §29.10), as tests start them.

export const repoRoot = path.join(serverDir, '../..');
const buildScript = path.join(repoRoot, 'scripts/build-server.mjs');
/** dist/<name>.js: what package.json's serve and worker scripts start. */
export const compiledEntry = (name: 'server' | 'worker') => path.join(serverDir, `dist/${name}.js`);

function newestSource(dir: string): number {
  let newest = 0;
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!e.isFile() || e.name.endsWith('.test.ts')) continue;
    newest = Math.max(newest, statSync(path.join(e.parentPath, e.name)).mtimeMs);
  }
  return newest;
}

const fresh = (sources: number) => (['server', 'worker'] as const).every((name) => existsSync(compiledEntry(name)) && statSync(compiledEntry(name)).mtimeMs >= sources);

/**
 * Builds the bundle unless dist/server.js and dist/worker.js are newer than every source they
 * are made of. Two test files may ask at once (the build empties dist first), so a lock folder
 * lets one build while the other waits and then finds the bundle fresh.
 */
export function ensureBuilt(): void {
  const sources = Math.max(newestSource(path.join(serverDir, 'src')), newestSource(path.join(repoRoot, 'packages/shared/src')), statSync(buildScript).mtimeMs);
  if (fresh(sources)) return;
  // Beside dist (not in it: the build empties dist); .gitignore lists it.
  const lock = path.join(serverDir, '.dist-build.lock');
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // Another build is running (or one died holding the lock: taken over after two minutes).
      if (Date.now() > deadline) break;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
  try {
    if (fresh(sources)) return;
    const res = spawnSync(process.execPath, [buildScript], { cwd: repoRoot, encoding: 'utf8' });
    if (res.status !== 0) throw new Error(`npm run build failed for the server: ${res.stderr}`);
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

export interface ServerProcess {
  child: ChildProcess;
  /** What the process wrote to stderr (and stdout) so far: for failure messages. */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Sends `signal` and resolves with the exit code and the milliseconds from the signal to the exit. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; ms: number }>;
}

/**
 * Starts dist/`name`.js as `npm run serve` / `npm run worker` do (plain node with source maps;
 * process.execPath is the repository's Node 24 under npm scripts and npx). Call ensureBuilt first.
 */
export function startCompiled(name: 'server' | 'worker', env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--enable-source-maps', compiledEntry(name)], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output: () => output,
    exited,
    async stop(signal = 'SIGTERM') {
      const started = performance.now();
      child.kill(signal);
      const code = await exited;
      return { code, ms: Math.round(performance.now() - started) };
    },
  };
}

/** Polls `url` until it answers 200, or throws after `timeoutMs`. */
export async function waitHealthy(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(url).catch(() => null);
    if (res?.ok) return;
    if (Date.now() > deadline) throw new Error(`${url} not healthy in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
