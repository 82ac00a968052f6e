import { Agent, request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { type MixState, browserHeaders, nextRequest } from './load-mix';
import { RouteStats } from './load-stats';

// Open-loop load at a fixed rate: requests leave on a schedule, whether or not earlier ones
// have been answered, as they do from many independent browsers. Each latency is measured from
// the moment its request was due, so a server that falls behind shows it in the figures instead
// of slowing the generator down (no coordinated omission). autocannon's own rate limit sends
// each second's quota in a burst at the start of the second, which is why this one is separate.

export interface PacedOptions {
  baseUrl: string;
  state: MixState;
  rate: number;
  durationMs: number;
  /** Sockets the generator may open; past this, due requests wait for a free one (and it counts). */
  maxSockets: number;
  timeoutMs: number;
}

function decode(encoding: string | undefined, body: Buffer): string {
  const raw = encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;
  return raw.toString('utf8');
}

export async function runPaced(opts: PacedOptions) {
  const agent = new Agent({ keepAlive: true, maxSockets: opts.maxSockets });
  const stats = new RouteStats();
  const base = new URL(opts.baseUrl);
  const cpuBefore = process.cpuUsage();
  const t0 = performance.now();
  let sent = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  let settle: () => void = () => {};

  const send = (dueAt: number) => {
    const r = nextRequest(opts.state);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    let finished = false;
    const finish = (outcome: { status: number; bytes: number } | 'error' | 'timeout') => {
      if (finished) return;
      finished = true;
      inFlight--;
      stats.record(r.route, outcome, performance.now() - dueAt);
      if (inFlight === 0 && performance.now() - t0 >= opts.durationMs) settle();
    };
    const req = httpRequest({ host: base.hostname, port: base.port, path: r.path, agent, headers: browserHeaders(r.token) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        if (r.statusOf && res.statusCode === 200) {
          try {
            opts.state.sawStatus(r.statusOf, (JSON.parse(decode(res.headers['content-encoding'], body)) as { status: string }).status);
          } catch {
            // Not the status JSON: the request still counts by its status code.
          }
        }
        finish({ status: res.statusCode ?? 0, bytes: body.length });
      });
      res.on('error', () => finish('error'));
    });
    // From the moment it was due, waiting for a socket included: a request still queued in the agent gives up too.
    const timer = setTimeout(() => {
      finish('timeout');
      req.destroy();
    }, opts.timeoutMs - (performance.now() - dueAt));
    req.on('close', () => clearTimeout(timer));
    req.on('error', () => finish('error'));
    req.end();
  };

  // Every millisecond, send what is due by now: request n is due at t0 + n / rate.
  const interval = 1000 / opts.rate;
  await new Promise<void>((resolve) => {
    settle = resolve;
    const timer = setInterval(() => {
      const elapsed = performance.now() - t0;
      const until = Math.min(elapsed, opts.durationMs);
      while (sent * interval < until) send(t0 + sent++ * interval);
      if (elapsed >= opts.durationMs) {
        clearInterval(timer);
        if (inFlight === 0) resolve();
      }
    }, 1);
  });
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpuBefore);
  agent.destroy();
  return {
    offeredRps: opts.rate,
    sent,
    wallMs,
    maxInFlight,
    /** Share of one core the generator (and the scan driver, in the same process) used. */
    clientCpuPercent: Math.round(((cpu.user + cpu.system) / 1000 / wallMs) * 100),
    ...stats.summary(wallMs),
  };
}
