import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type TestApp, createTestApp } from './test-app';

const run = promisify(execFile);

/**
 * A PostgreSQL server of one test file's own, in a temporary directory on a free port, that
 * the file may stop and restart without disturbing the shared server other files use.
 */
export interface PrivatePostgres {
  /** Superuser URL of its `postgres` database (trust authentication, 127.0.0.1 only). */
  url: string;
  /** Stops the server (fast shutdown: connections are cut, as in a real restart). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it for good and deletes its files. */
  destroy(): Promise<void>;
}

/** The folder with initdb and pg_ctl: Debian's /usr/lib/postgresql/<version>/bin (newest first), or PG_BIN_DIR. */
function findBinDir(): string {
  const candidates: string[] = [];
  if (process.env.PG_BIN_DIR) candidates.push(process.env.PG_BIN_DIR);
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian).sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => path.join(debian, v, 'bin')));
  }
  candidates.push('/usr/local/pgsql/bin');
  const found = candidates.find((dir) => existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl')));
  if (!found) {
    throw new Error(
      'This drill starts a PostgreSQL server of its own and needs its programs (initdb, pg_ctl), which were not found ' +
        `in ${candidates.join(', ')}. Install PostgreSQL's server package (apt-get install postgresql) or set PG_BIN_DIR.`,
    );
  }
  return found;
}

/** A TCP port free on 127.0.0.1 right now, for a child process to listen on. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** initdb refuses to run as root: as root (CI), the server runs as the `postgres` user. */
async function serverUser(): Promise<{ uid: number; gid: number; as: (cmd: string, args: string[]) => [string, string[]] } | null> {
  if (process.getuid?.() !== 0) return null;
  const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
  const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
  return { uid, gid, as: (cmd, args) => ['runuser', ['-u', 'postgres', '--', cmd, ...args]] };
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = findBinDir();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'rankmaps-pg-drill-'));
  const data = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  const user = await serverUser();
  if (user) await chown(dir, user.uid, user.gid);
  const exec = async (program: string, args: string[]) => {
    const [cmd, argv] = user ? user.as(path.join(bin, program), args) : [path.join(bin, program), args];
    try {
      await run(cmd, argv, { timeout: 60_000 });
    } catch (err) {
      const log = await readFile(logFile, 'utf8').catch(() => '');
      throw new Error(`${program} ${args.join(' ')} failed: ${(err as Error).message}\n${log.slice(-2000)}`);
    }
  };
  const port = await freePort();
  await exec('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
  // Only TCP on 127.0.0.1, its socket in its own folder; no fsync: the files are thrown away.
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off`;
  const start = () => exec('pg_ctl', ['-D', data, '-l', logFile, '-o', options, '-w', '-t', '30', 'start']);
  const stop = () => exec('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '30', 'stop']);
  await start();
  let running = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      await stop();
      running = false;
    },
    async start() {
      await start();
      running = true;
    },
    async destroy() {
      if (running) await exec('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      running = false;
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** createTestApp, on a database of `serverUrl` rather than of the shared server. */
export async function testAppOn(serverUrl: string, env: Record<string, string>): Promise<TestApp> {
  const shared = process.env.TEST_DATABASE_URL;
  process.env.TEST_DATABASE_URL = serverUrl;
  try {
    return await createTestApp(env);
  } finally {
    if (shared === undefined) delete process.env.TEST_DATABASE_URL;
    else process.env.TEST_DATABASE_URL = shared;
  }
}
