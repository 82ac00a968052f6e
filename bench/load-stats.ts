import { percentile, round } from './lib';

// Latencies and outcomes of the load test, overall and per route.

export type Outcome = { status: number; bytes: number } | 'error' | 'timeout';

interface Bucket {
  ms: number[];
  statuses: Record<string, number>;
  errors: number;
  timeouts: number;
  bytes: number;
}

const emptyBucket = (): Bucket => ({ ms: [], statuses: {}, errors: 0, timeouts: 0, bytes: 0 });

function add(b: Bucket, outcome: Outcome, ms: number) {
  if (outcome === 'error') b.errors++;
  else if (outcome === 'timeout') b.timeouts++;
  else {
    b.statuses[outcome.status] = (b.statuses[outcome.status] ?? 0) + 1;
    b.bytes += outcome.bytes;
    b.ms.push(ms);
  }
}

/** p50/p90/p99/max of a list of milliseconds (sorted in place). */
export function latencySummary(ms: number[]) {
  ms.sort((a, b) => a - b);
  return {
    p50: round(percentile(ms, 50)),
    p90: round(percentile(ms, 90)),
    p99: round(percentile(ms, 99)),
    max: round(ms.at(-1) ?? NaN),
  };
}

const non2xx = (b: Bucket) =>
  Object.entries(b.statuses)
    .filter(([s]) => !s.startsWith('2'))
    .reduce((n, [, c]) => n + c, 0);

export class RouteStats {
  private readonly all = emptyBucket();
  private readonly byRoute = new Map<string, Bucket>();

  record(route: string, outcome: Outcome, ms: number) {
    add(this.all, outcome, ms);
    let b = this.byRoute.get(route);
    if (!b) this.byRoute.set(route, (b = emptyBucket()));
    add(b, outcome, ms);
  }

  summary(wallMs: number) {
    const answered = this.all.ms.length;
    const routes = Object.fromEntries(
      [...this.byRoute.entries()]
        .sort((a, b) => b[1].ms.length - a[1].ms.length)
        .map(([route, b]) => [
          route,
          {
            requests: b.ms.length,
            share: `${round((b.ms.length / Math.max(1, answered)) * 100)}%`,
            meanKB: round(b.bytes / Math.max(1, b.ms.length) / 1000, 2),
            latencyMs: latencySummary(b.ms),
            non2xx: non2xx(b),
            errors: b.errors + b.timeouts,
          },
        ]),
    );
    return {
      answered,
      requestsPerSecond: round((answered / wallMs) * 1000),
      latencyMs: latencySummary(this.all.ms),
      statusCodes: this.all.statuses,
      non2xx: non2xx(this.all),
      errors: this.all.errors,
      timeouts: this.all.timeouts,
      megabytesReceived: round(this.all.bytes / 1e6),
      routes,
    };
  }
}
