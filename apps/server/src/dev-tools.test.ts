import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GEO_TEST_CACHE_DIR } from '../test/geo-data-dir';
import { freePort } from '../test/private-postgres';
import { loadConfig } from './config';
import { devFeatures, devFeaturesLine, isLoopbackRequest } from './dev-tools';

// Developer tools (docs/decisions.md §29.8) as an operator meets them: the real server process
// (server.ts, as `npm run serve` and `npm start` run it) on its embedded database, asked
// over real HTTP from this machine; and the loopback rule on its own.

const SERVER = path.join(import.meta.dirname, 'server.ts');

/** The parent's environment without anything that would decide for the child. */
function baseEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ['DEV_TOOLS', 'NODE_ENV', 'DATABASE_URL', 'TEST_DATABASE_URL', 'STRIPE_SECRET_KEY', 'PAYMENTS_PROVIDER'])
    delete env[name];
  return env;
}

interface Started {
  url: string;
  logLines: () => { level: number; msg: string; devTools?: boolean }[];
  stop: () => Promise<number | null>;
}

/** Starts server.ts with `env` and `args`, and waits for /api/health. */
async function startServer(dataDir: string, env: NodeJS.ProcessEnv, args: string[] = []): Promise<Started> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', SERVER, ...args], {
    env: { ...baseEnv(), PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', DEMO_USER: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server stopped at start (${child.exitCode}): ${stderr}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`the server did not answer /api/health: ${stderr}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    logLines: () =>
      stdout
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { level: number; msg: string; devTools?: boolean }),
    stop: async () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

describe('the server process and DEV_TOOLS', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rankmaps-devtools-'));
  // The sea index is built once for every test run (geo-data-dir.ts), not again here.
  mkdirSync(GEO_TEST_CACHE_DIR, { recursive: true });
  symlinkSync(GEO_TEST_CACHE_DIR, path.join(dataDir, 'cache'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('when DEV_TOOLS has a value other than true or false, then the process stops at start and names the variable', () => {
    // Other values are config.test.ts's: here the process itself, once.
    for (const value of ['yes']) {
      const run = spawnSync(process.execPath, ['--import', 'tsx', SERVER], {
        env: { ...baseEnv(), DEV_TOOLS: value, DATA_DIR: dataDir, PORT: '0' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.status, value).toBe(1);
      expect(run.stderr).toContain('DEV_TOOLS: debe ser true o false');
    }
  });

  // A first start migrates the embedded database: slower than a test's usual 20 s on a busy machine.
  it(
    'when it runs as `npm run serve` does, without DEV_TOOLS, then the outbox is a 404 from this very machine and the log says no tool is on',
    { timeout: 120_000 },
    async () => {
      const server = await startServer(dataDir, {});
      try {
        const res = await fetch(`${server.url}/api/dev/mail`);
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual({ error: 'Recurso no encontrado.', code: 'NOT_FOUND' });
        const config = (await (await fetch(`${server.url}/api/config`)).json()) as { devTools: boolean; devOutbox: boolean };
        expect(config).toMatchObject({ devTools: false, devOutbox: false });
      } finally {
        expect(await server.stop()).toBe(0);
      }
      const line = server.logLines().find((l) => l.msg.startsWith('Herramientas de desarrollo'));
      expect(line).toMatchObject({ level: 30, devTools: false, msg: 'Herramientas de desarrollo: ninguna (DEV_TOOLS no es true)' });
    },
  );

  it(
    'when it runs as `npm start` does (--dev-tools), then the outbox answers this machine and the log lists every tool that is on',
    { timeout: 120_000 },
    async () => {
      const server = await startServer(dataDir, {}, ['--dev-tools']);
      try {
        const res = await fetch(`${server.url}/api/dev/mail`);
        expect(res.status).toBe(200);
        expect(await res.json()).toHaveProperty('emails');
      } finally {
        expect(await server.stop()).toBe(0);
      }
      const lines = server.logLines().filter((l) => l.msg.startsWith('Herramientas de desarrollo'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ level: 30, devTools: true });
      for (const feature of ['/api/dev/mail', '/api/user/dev-params', '/api/dev/report-round', '/api/dev/campaign-round', '/api/dev/credit-warnings', '/api/dev/listing-edit', '/api/sandbox'])
        expect(lines[0]!.msg).toContain(feature);
    },
  );
});

describe('devFeatures', () => {
  it('when developer tools are on with Stripe, then the sandbox is not listed, since it is not there', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_PRICES: '{}' };
    const features = devFeatures(loadConfig({ DEV_TOOLS: 'true', ...stripe }));
    expect(features).toHaveLength(6);
    expect(features.join()).not.toContain('sandbox');
    expect(devFeaturesLine(loadConfig({ DEV_TOOLS: 'false' }))).toBe('Herramientas de desarrollo: ninguna (DEV_TOOLS no es true)');
  });
});

describe('isLoopbackRequest', () => {
  const request = (remoteAddress: string | undefined, headers: Record<string, string> = {}) =>
    ({ socket: { remoteAddress }, headers }) as Parameters<typeof isLoopbackRequest>[0];

  it('when the socket is this machine and nothing was forwarded, then it is loopback', () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) expect(isLoopbackRequest(request(address)), address).toBe(true);
  });

  it('when the socket is another machine, or a proxy here relayed someone, or the socket is gone, then it is not', () => {
    expect(isLoopbackRequest(request('10.0.0.2'))).toBe(false);
    expect(isLoopbackRequest(request('127.0.0.2'))).toBe(false);
    expect(isLoopbackRequest(request('::ffff:10.0.0.2'))).toBe(false);
    expect(isLoopbackRequest(request('10.0.0.2', { 'x-forwarded-for': '127.0.0.1' }))).toBe(false);
    expect(isLoopbackRequest(request('127.0.0.1', { 'x-forwarded-for': '127.0.0.1' }))).toBe(false);
    expect(isLoopbackRequest(request(undefined))).toBe(false);
  });
});
