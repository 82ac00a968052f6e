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

/** The count and p50/p95/p99 of a list of durations in ms, rounded to `digits`. */
export function latencyStats(xs: number[], digits = 1) {
  const s = [...xs].sort((a, b) => a - b);
  return { calls: s.length, p50Ms: round(percentile(s, 50), digits), p95Ms: round(percentile(s, 95), digits), p99Ms: round(percentile(s, 99), digits) };
}

/** The latency of `calls` runs of `run` (which throws on a wrong answer), made after `warmUp` untimed ones. */
export async function timeRuns(run: () => Promise<unknown>, warmUp: number, calls: number) {
  for (let i = 0; i < warmUp; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const t0 = performance.now();
    await run();
    times.push(performance.now() - t0);
  }
  return latencyStats(times);
}

/** A tool call through a connected MCP client: its error flag and text. */
export type McpCall = (name: string, args: Record<string, unknown>) => Promise<{ isError: boolean; text: string }>;

/**
 * The timing of the MCP read benchmarks (bench/mcp-read.ts over an API key, bench/mcp-oauth.ts
 * over an OAuth token): list_places (limit 50) and get_latest_analysis, each 10 untimed calls
 * then 200 timed ones, a tool error failing the run. Goal: p95 ≤ 50 ms.
 */
export async function timeMcpReads(call: McpCall, keywordId: string) {
  const timeOf = (name: string, args: Record<string, unknown>) =>
    timeRuns(
      async () => {
        const r = await call(name, args);
        if (r.isError) throw new Error(`${name}: ${r.text}`);
      },
      10,
      200,
    );
  return { listPlaces: await timeOf('list_places', { limit: 50 }), latestAnalysis: await timeOf('get_latest_analysis', { keywordId }), goal: 'p95 ≤ 50 ms' };
}
