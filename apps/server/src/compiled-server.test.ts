import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/fake-smtp';
import { GEO_TEST_CACHE_DIR } from '../test/geo-data-dir';
import { compiledEntry, ensureBuilt, repoRoot as root } from '../test/server-process';
import { serverDir } from './paths';

// `npm run serve` starts the bundle in apps/server/dist with plain node (docs/decisions.md §29.10).
// This file builds it when it is missing or older than the sources (test/server-process.ts), starts it as `npm run serve`
// does, plus a probe (test/fixtures/loader-probe.mjs) that reports at exit what the process
// loaded, and checks that no TypeScript loader was among it.
const entry = compiledEntry('server');
const probe = path.join(serverDir, 'test/fixtures/loader-probe.mjs');
const work = mkdtempSync(path.join(tmpdir(), 'rankmaps-compiled-'));

interface ProbeReport {
  execArgv: string[];
  nodeOptions: string;
  version: string;
  hooks: string[];
  commonJs: string[];
}

/** The signs of a TypeScript loader in a probe's report: loader hooks registered, tsx or esbuild loaded, a loader flag. */
function loaderSigns(report: ProbeReport): string[] {
  return [
    ...report.hooks,
    ...report.commonJs.filter((file) => /[\\/]node_modules[\\/](tsx|esbuild|@esbuild)[\\/]/.test(file)),
    ...[...report.execArgv, ...report.nodeOptions.split(/\s+/)].filter((arg) => /tsx|esbuild|--loader|--experimental-loader|--require|^-r$/.test(arg)),
  ];
}

/** Runs `args` under node with the probe preloaded until it exits; its report and output. */
async function probed(args: string[], env: Record<string, string>, whileRunning?: () => Promise<void>) {
  const reportFile = path.join(work, `probe-${Date.now()}-${Math.random()}.json`);
  const child = spawn(process.execPath, ['--import', pathToFileURL(probe).href, ...args], {
    cwd: root,
    env: { ...process.env, ...env, LOADER_PROBE_FILE: reportFile },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // A server runs until told to stop; a command runs to its end.
  if (whileRunning) {
    try {
      await whileRunning();
    } finally {
      child.kill('SIGTERM');
    }
  }
  const code = await exited;
  return { code, stderr, report: JSON.parse(readFileSync(reportFile, 'utf8')) as ProbeReport };
}

async function healthy(url: string, deadline: number) {
  for (;;) {
    const res = await fetch(url).catch(() => null);
    if (res?.ok) return (await res.json()) as { status: string; runtime: { node: string } };
    if (Date.now() > deadline) throw new Error(`${url} not healthy in time`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('the compiled server (npm run build, npm run serve)', () => {
  beforeAll(() => ensureBuilt(), 120_000);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('when started with plain node, then /api/health is healthy on Node 24 and no tsx, esbuild or loader hook was loaded', { timeout: 90_000 }, async () => {
    const dataDir = path.join(work, 'data');
    // The sea index from the shared test cache, so the server does not build it (10 s of CPU) meanwhile.
    mkdirSync(GEO_TEST_CACHE_DIR, { recursive: true });
    mkdirSync(dataDir);
    symlinkSync(GEO_TEST_CACHE_DIR, path.join(dataDir, 'cache'));
    const port = await freePort();
    let health: Awaited<ReturnType<typeof healthy>> | undefined;
    const run = await probed(['--enable-source-maps', entry], { PORT: String(port), APP_URL: `http://127.0.0.1:${port}`, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, async () => {
      health = await healthy(`http://127.0.0.1:${port}/api/health`, Date.now() + 60_000);
    });

    expect(health).toMatchObject({ status: 'ok', runtime: { node: process.version } });
    expect(run.report.version).toMatch(/^v24\./);
    expect(run.code, run.stderr).toBe(0);
    expect(run.report.execArgv).toEqual(['--import', pathToFileURL(probe).href, '--enable-source-maps']);
    // The probe sees what the server loaded (its packages), so an empty list below means something.
    expect(run.report.commonJs.some((file) => file.includes(`${path.sep}node_modules${path.sep}pg${path.sep}`))).toBe(true);
    expect(loaderSigns(run.report)).toEqual([]);
  });

  it('when the same probe watches a process started through tsx, then it finds the loader: the check above can fail', { timeout: 60_000 }, async () => {
    const run = await probed(['--import', 'tsx', path.join(serverDir, 'src/paths.ts')], {});
    expect(run.code, run.stderr).toBe(0);
    expect(loaderSigns(run.report)).toEqual(expect.arrayContaining([expect.stringMatching(/^register(Hooks)?\(/), expect.stringMatching(/node_modules[\\/]tsx[\\/]/), 'tsx']));
  });

  it('when compiled code throws, then the stack trace names the TypeScript source line, not the bundle', () => {
    // The sea index's build CLI on a coastline file that does not exist: seaSourceKey's statSync throws.
    const res = spawnSync(process.execPath, ['--enable-source-maps', path.join(serverDir, 'dist/sea-index-build-cli.js'), path.join(work, 'sea.bin'), path.join(work, 'missing.geo.json')], { encoding: 'utf8', timeout: 30_000 });
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('ENOENT');
    expect(res.stderr).toMatch(/apps[\\/]server[\\/]src[\\/]modules[\\/]geo[\\/]sea-polygons\.ts:\d+:\d+/);
    expect(res.stderr).not.toMatch(/dist[\\/]chunk-/);
  });
});
