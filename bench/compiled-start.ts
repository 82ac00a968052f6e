import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { root, round, runWhenAlone, startServer, tempDataDir } from './lib';
import { scratchDatabase } from './scan-env';

const RUNS = 7;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * Issue 28: API process start to a healthy /api/health, the compiled bundle (`npm run serve`)
 * against the sources through tsx, back to back: RUNS starts of each, alternated so both see
 * the same machine, on one warm database. Goal: compiled ≤ 0.5 × tsx (medians). On the
 * embedded database the process also opens PGlite, starts its in-process worker and seeds the
 * demo account (`npm start`); on PostgreSQL it is a production API process (`npm run serve`).
 */
export async function benchCompiledStart(opts: { databaseUrl?: string } = {}) {
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build-server.mjs')], { cwd: root, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`server build failed: ${build.stderr}`);
  const dataDir = tempDataDir();
  const scratch = opts.databaseUrl ? await scratchDatabase(opts.databaseUrl) : null;
  const env: Record<string, string> = scratch ? { DATABASE_URL: scratch.url } : {};
  try {
    // The first start creates the database and the sea index cache; it is not measured.
    const first = await startServer({ port: 3412, dataDir, env, command: 'compiled' });
    for (let waited = 0; waited < 120_000; waited += 250) {
      const health = (await (await fetch(`${first.url}/api/health`)).json()) as { seaIndex: string };
      if (health.seaIndex === 'ready') break;
      await new Promise((r) => setTimeout(r, 250));
    }
    await first.stop();
    const ms: Record<'tsx' | 'compiled', number[]> = { tsx: [], compiled: [] };
    for (let i = 0; i < RUNS; i++) {
      for (const command of i % 2 ? (['compiled', 'tsx'] as const) : (['tsx', 'compiled'] as const)) {
        const s = await startServer({ port: 3412, dataDir, env, command });
        ms[command].push(s.readyMs);
        await s.stop();
      }
    }
    const tsx = median(ms.tsx);
    const compiled = median(ms.compiled);
    return {
      name: `API start to a healthy /api/health: compiled vs tsx (${scratch ? 'PostgreSQL' : 'embedded PGlite'}, warm)`,
      runs: RUNS,
      tsxMs: ms.tsx.map((m) => round(m)),
      compiledMs: ms.compiled.map((m) => round(m)),
      tsxMedianMs: round(tsx),
      compiledMedianMs: round(compiled),
      ratio: round(compiled / tsx, 2),
      goal: 'compiled ≤ 0.5 × tsx',
      goalMet: compiled <= 0.5 * tsx,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  }
}

await runWhenAlone(import.meta.url, benchCompiledStart);
