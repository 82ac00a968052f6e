import dc from 'node:diagnostics_channel';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Session } from 'node:inspector';
import { writeFileSync } from 'node:fs';
import { type ELDHistogram, PerformanceObserver, monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';

// Preloaded into the server process by the load test (`--import ./bench/load-probe.ts`), so
// the server's own code is untouched. Over the IPC channel the load test asks it to reset
// its counters, report them, or profile the CPU for a while. It measures what only the
// server process can see: how late its event loop runs, time spent in garbage collection,
// and each route's time from the parsed request to the last byte handed to the socket.

export type ProbeCommand = { type: 'reset' } | { type: 'report' } | { type: 'in-flight' } | { type: 'profile-start' } | { type: 'profile-stop'; file: string };

export interface RouteTiming {
  count: number;
  /** Milliseconds, request parsed → response finished (handler, serialisation, compression). */
  totalMs: number;
  maxMs: number;
  /** Each request's time, for percentiles (bounded: a 30 s run at 2,000 req/s is 60,000 numbers). */
  samples: number[];
}

export interface ProbeReport {
  type: 'report';
  eventLoopDelayMs: { p50: number; p99: number; max: number; mean: number };
  gc: { count: number; totalMs: number; maxMs: number };
  /** Statements sent to PostgreSQL (node-postgres; PGlite's are not counted), requests and scans alike. */
  statements: number;
  /** The process's CPU time (user + system) since the reset, in ms: unlike latency, not inflated by waiting on a busy machine. */
  cpuMs: number;
  routes: Record<string, RouteTiming>;
}

const MAX_SAMPLES = 200_000;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** GET /api/rankmap/3f…/status → GET /api/rankmap/{id}/status: one entry per route, not per id. */
export function routeOf(method: string | undefined, url: string | undefined): string {
  const path = (url ?? '').split('?')[0]!.replace(UUID, '{id}');
  return `${method ?? '?'} ${path}`;
}

function startProbe(send: (m: ProbeReport | { type: 'ack' } | { type: 'in-flight'; count: number }) => void) {
  let loop: ELDHistogram = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  let gc = { count: 0, totalMs: 0, maxMs: 0 };
  let routes: Record<string, RouteTiming> = {};
  let statements = 0;
  let cpuAtReset = process.cpuUsage();
  // Every statement goes through Client.prototype.query (the pool's included): counted there.
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    statements++;
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
  const started = new WeakMap<IncomingMessage, number>();
  // Requests being worked on, including those whose client has gone: the next run waits for none.
  let inFlight = 0;

  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      gc.count++;
      gc.totalMs += e.duration;
      gc.maxMs = Math.max(gc.maxMs, e.duration);
    }
  }).observe({ entryTypes: ['gc'] });

  dc.subscribe('http.server.request.start', (m) => {
    const { request, response } = m as { request: IncomingMessage; response: ServerResponse };
    started.set(request, performance.now());
    inFlight++;
    // 'close' comes once, whether the answer was sent or the client left first.
    response.once('close', () => inFlight--);
  });
  dc.subscribe('http.server.response.finish', (m) => {
    const { request } = m as { request: IncomingMessage; response: ServerResponse };
    const t0 = started.get(request);
    if (t0 === undefined) return;
    const ms = performance.now() - t0;
    const r = (routes[routeOf(request.method, request.url)] ??= { count: 0, totalMs: 0, maxMs: 0, samples: [] });
    r.count++;
    r.totalMs += ms;
    r.maxMs = Math.max(r.maxMs, ms);
    if (r.samples.length < MAX_SAMPLES) r.samples.push(ms);
  });

  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) => session.post(method, params ?? {}, (err, result) => (err ? reject(err) : resolve(result))));

  process.on('message', (cmd: ProbeCommand) => {
    void (async () => {
      if (cmd.type === 'reset') {
        loop.disable();
        loop = monitorEventLoopDelay({ resolution: 5 });
        loop.enable();
        gc = { count: 0, totalMs: 0, maxMs: 0 };
        routes = {};
        statements = 0;
        cpuAtReset = process.cpuUsage();
        send({ type: 'ack' });
      } else if (cmd.type === 'in-flight') {
        send({ type: 'in-flight', count: inFlight });
      } else if (cmd.type === 'report') {
        const ms = (ns: number) => ns / 1e6;
        send({
          type: 'report',
          eventLoopDelayMs: { p50: ms(loop.percentile(50)), p99: ms(loop.percentile(99)), max: ms(loop.max), mean: ms(loop.mean) },
          gc,
          statements,
          cpuMs: ((u) => (u.user + u.system) / 1000)(process.cpuUsage(cpuAtReset)),
          routes,
        });
      } else if (cmd.type === 'profile-start') {
        await post('Profiler.enable');
        // 1 ms sampling, as --cpu-prof's default.
        await post('Profiler.setSamplingInterval', { interval: 1000 });
        await post('Profiler.start');
        send({ type: 'ack' });
      } else if (cmd.type === 'profile-stop') {
        const { profile } = (await post('Profiler.stop')) as { profile: unknown };
        writeFileSync(cmd.file, JSON.stringify(profile));
        send({ type: 'ack' });
      }
    })();
  });
}

// Only when started with an IPC channel (by the load test); otherwise importing it does nothing.
if (process.send) {
  const send = process.send.bind(process);
  startProbe((m) => send(m));
}
