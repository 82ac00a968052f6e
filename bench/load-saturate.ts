import { createRequire } from 'node:module';
import { type MixState, browserHeaders, nextRequest } from './load-mix';
import { RouteStats } from './load-stats';

// Closed-loop load with autocannon: a fixed number of connections, each sending its next
// request as soon as the previous one is answered. It finds how many requests a second the
// server can answer at that concurrency (latency then is mostly queueing: connections ÷ rate).

/** The part of autocannon 8's API used here (the package has no types). */
interface AutocannonRequest {
  setupRequest(req: Record<string, unknown>, context: Record<string, unknown>): Record<string, unknown>;
  onResponse(status: number, body: string, context: Record<string, unknown>): void;
}
interface AutocannonClient {
  requestIterator: { context: Record<string, unknown> };
}
interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p90: number; p99: number; max: number; average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  duration: number;
}
interface AutocannonInstance extends PromiseLike<AutocannonResult> {
  on(event: 'response', listener: (client: AutocannonClient, status: number, bytes: number, ms: number) => void): void;
}
type Autocannon = (opts: {
  url: string;
  connections: number;
  duration: number;
  timeout: number;
  requests: AutocannonRequest[];
}) => AutocannonInstance;

const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

export async function runSaturated(opts: { baseUrl: string; state: MixState; connections: number; durationSeconds: number; timeoutSeconds: number }) {
  const stats = new RouteStats();
  const cpuBefore = process.cpuUsage();
  const t0 = performance.now();
  const instance = autocannon({
    url: opts.baseUrl,
    connections: opts.connections,
    duration: opts.durationSeconds,
    timeout: opts.timeoutSeconds,
    requests: [
      {
        setupRequest: (req, context) => {
          const r = nextRequest(opts.state);
          // The context lives until this connection's next request: the response event reads the route from it.
          context.route = r.route;
          context.statusOf = r.statusOf;
          return { ...req, method: 'GET', path: r.path, headers: browserHeaders(r.token) };
        },
        onResponse: (status, body, context) => {
          if (status !== 200 || typeof context.statusOf !== 'string') return;
          try {
            opts.state.sawStatus(context.statusOf, (JSON.parse(body) as { status: string }).status);
          } catch {
            // Not the status JSON: the request still counts by its status code.
          }
        },
      },
    ],
  });
  instance.on('response', (client, status, bytes, ms) => {
    stats.record(String(client.requestIterator.context.route), { status, bytes }, ms);
  });
  const result = await instance;
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpuBefore);
  return {
    connections: opts.connections,
    clientCpuPercent: Math.round(((cpu.user + cpu.system) / 1000 / wallMs) * 100),
    autocannon: {
      requestsPerSecond: result.requests.average,
      latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
    },
    ...stats.summary(result.duration * 1000),
    // Requests that never got an answer are not response events: autocannon counts them (its errors include its timeouts).
    errors: result.errors - result.timeouts,
    timeouts: result.timeouts,
  };
}
