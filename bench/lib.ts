import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(import.meta.dirname, '..');

export function tempDataDir(prefix = 'rankmaps-bench-'): string {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

export interface RunningServer {
  url: string;
  process: ChildProcess;
  /** Milliseconds from spawn to the first healthy /api/health. */
  readyMs: number;
  stop(): Promise<void>;
}

/** The server's sources through tsx (as `npm run dev` runs them), or the bundle `npm run serve` starts (after `npm run build`). */
export const SERVER_COMMANDS = {
  tsx: ['--import', 'tsx', 'apps/server/src/server.ts'],
  compiled: ['--enable-source-maps', 'apps/server/dist/server.js'],
} as const;

/** Starts the real server, from its sources by default, and waits until it is healthy. */
export async function startServer(opts: { port: number; dataDir: string; env?: Record<string, string>; command?: keyof typeof SERVER_COMMANDS }): Promise<RunningServer> {
  const url = `http://127.0.0.1:${opts.port}`;
  const started = performance.now();
  const child = spawn(process.execPath, [...SERVER_COMMANDS[opts.command ?? 'tsx']], {
    cwd: root,
    env: { ...process.env, PORT: String(opts.port), DATA_DIR: opts.dataDir, LOG_LEVEL: 'warn', APP_URL: url, ...opts.env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`server exited with ${code}`))));
  const poll = (async () => {
    for (;;) {
      try {
        const res = await fetch(`${url}/api/health`);
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 25));
    }
  })();
  await Promise.race([poll, exited, new Promise((_, r) => setTimeout(() => r(new Error('server not ready in 120 s')), 120_000))]);
  const readyMs = performance.now() - started;
  return {
    url,
    process: child,
    readyMs,
    stop: () =>
      new Promise<void>((resolve) => {
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const idx = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, idx)]!;
}

export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/**
 * Runs `bench` and prints its figures when its module is the file node was started with, so that
 * `node --import tsx bench/<file>.ts [postgres://…]` measures that one alone (`npm run bench` runs them all).
 */
export async function runWhenAlone(moduleUrl: string, bench: (opts: { databaseUrl?: string }) => Promise<unknown>): Promise<void> {
  if (process.argv[1] !== fileURLToPath(moduleUrl)) return;
  console.log(JSON.stringify(await bench({ databaseUrl: process.argv[2] }), null, 2));
}
