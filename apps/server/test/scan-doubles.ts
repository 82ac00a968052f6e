import type { Container } from '../src/container';
import { sleep } from '../src/lib/sleep';
import { type ScanDeps, scanDeps } from '../src/modules/rankmaps/scan/scan.service';
import { simulateSearch } from '../src/providers/maps-search/demo';
import {
  MapsSearchFatalError,
  MapsSearchRetryableError,
  type MapsSearchProvider,
  type MapsSearchRequest,
} from '../src/providers/maps-search/interface';

/** Scan dependencies for tests: tiny backoff and quick flushes, so retries take milliseconds. */
export function fastScanDeps(container: Container, provider: MapsSearchProvider, overrides: Partial<Omit<ScanDeps, 'container' | 'provider'>> = {}): ScanDeps {
  return scanDeps(container, provider, {
    retry: { maxAttempts: 4, backoffBaseMs: 1, maxBackoffMs: 5, requestTimeoutMs: 5_000 },
    flushIntervalMs: 50,
    ...overrides,
  });
}

export type Failure = 'retryable' | 'fatal' | null;

/**
 * A test double of an external maps-search vendor: answers like the demo simulation, but
 * fails the calls `fail` names (by point and attempt) and can take time to answer.
 */
export function scriptedProvider(opts: { fail?: (request: MapsSearchRequest, attempt: number) => Failure; delayMs?: number; name?: MapsSearchProvider['name'] } = {}) {
  const attempts = new Map<string, number>();
  const calls: { at: number; lat: number; lng: number }[] = [];
  const provider: MapsSearchProvider = {
    // The rate limit is kept per provider name.
    name: opts.name ?? 'demo',
    async search(request, signal) {
      calls.push({ at: Date.now(), lat: request.lat, lng: request.lng });
      const key = `${request.lat},${request.lng}`;
      const attempt = (attempts.get(key) ?? 0) + 1;
      attempts.set(key, attempt);
      if (opts.delayMs) await sleep(opts.delayMs, signal);
      const failure = opts.fail?.(request, attempt) ?? null;
      if (failure === 'retryable') throw new MapsSearchRetryableError('HTTP 429 Too Many Requests', 0);
      if (failure === 'fatal') throw new MapsSearchFatalError('HTTP 401 Unauthorized');
      return simulateSearch(request);
    },
  };
  return { provider, calls, attempts };
}
