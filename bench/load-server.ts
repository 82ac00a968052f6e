import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { root } from './lib';
import type { ProbeCommand, ProbeReport } from './load-probe';

// The server under load: `npm run serve`'s entry point in its own process, so the load
// generator does not share its event loop, with the probe preloaded (load-probe.ts).

export interface LoadServer {
  url: string;
  process: ChildProcess;
  /** Resets the probe's counters (event-loop delay, GC, route timings). */
  reset(): Promise<void>;
  report(): Promise<ProbeReport>;
  /**
   * Waits until the server is working on no request (those of a previous run whose client
   * gave up included), at most `timeoutMs`; answers how long it waited and what was left.
   */
  settle(timeoutMs?: number): Promise<{ waitedMs: number; left: number }>;
  startProfile(): Promise<void>;
  stopProfile(file: string): Promise<void>;
  /** CPU seconds (user + system) the server process has used so far, from /proc. */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

const CLOCK_TICKS = 100; // USER_HZ on Linux

function cpuSecondsOf(pid: number): number {
  // /proc/<pid>/stat: the command name may hold spaces, so fields are counted after its ')'.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the file, 12 and 13 after the name and state.
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/**
 * CPU seconds used so far by every PostgreSQL process of the machine (its backends, the
 * server's own helpers): what the database costs, read where the server's figure is.
 * Backends that ended before a reading are missed, so a pool that keeps its connections
 * (the server's) is measured, not a client that reconnects per query.
 */
export function postgresCpuSeconds(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      total += cpuSecondsOf(Number(entry));
    } catch {
      // the process ended between the listing and the reading
    }
  }
  return total;
}

export async function startLoadServer(opts: { port: number; env: Record<string, string> }): Promise<LoadServer> {
  const url = `http://127.0.0.1:${opts.port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', './bench/load-probe.ts', 'apps/server/src/server.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(opts.port), HOST: '127.0.0.1', APP_URL: url, ...opts.env },
    // stdout (the JSON log lines) goes nowhere, as a log shipper would take it away; errors stay visible.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`server exited with ${code}`))));
  exited.catch(() => undefined);

  // One command at a time: the probe answers in order.
  let chain: Promise<unknown> = Promise.resolve();
  const ask = <T>(cmd: ProbeCommand) => {
    const next = chain.then(
      () =>
        new Promise<T>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`probe did not answer ${cmd.type}`)), 60_000);
          child.once('message', (m) => {
            clearTimeout(timer);
            resolve(m as T);
          });
          child.send(cmd);
        }),
    );
    chain = next.catch(() => undefined);
    return next;
  };

  const healthy = (async () => {
    for (;;) {
      try {
        if ((await fetch(`${url}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  await Promise.race([healthy, exited, new Promise((_, r) => setTimeout(() => r(new Error('server not ready in 120 s')), 120_000))]);

  return {
    url,
    process: child,
    reset: () => ask<unknown>({ type: 'reset' }).then(() => undefined),
    report: () => ask<ProbeReport>({ type: 'report' }),
    settle: async (timeoutMs = 120_000) => {
      const t0 = Date.now();
      for (;;) {
        const left = (await ask<{ count: number }>({ type: 'in-flight' })).count;
        if (left === 0 || Date.now() - t0 > timeoutMs) return { waitedMs: Date.now() - t0, left };
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    startProfile: () => ask<unknown>({ type: 'profile-start' }).then(() => undefined),
    stopProfile: (file) => ask<unknown>({ type: 'profile-stop', file }).then(() => undefined),
    cpuSeconds: () => cpuSecondsOf(child.pid!),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
