import {
  MapsSearchFatalError,
  MapsSearchRetryableError,
  type MapsSearchProvider,
  type MapsSearchRequest,
  type MapsSearchResult,
} from '../../providers/maps-search/interface';
import { sleep } from './concurrency';
import type { RateLimiter } from './rate-limiter';

export interface RetryPolicy {
  /** Tries per point, the first included. */
  maxAttempts: number;
  /** First backoff; each retry doubles it (with jitter). Tests make it tiny. */
  backoffBaseMs: number;
  /** A vendor's Retry-After is honoured up to this. */
  maxBackoffMs: number;
  /** A request that takes longer is abandoned and retried. */
  requestTimeoutMs: number;
}

export type PointOutcome = { ok: true; result: MapsSearchResult } | { ok: false; error: string; fatal: boolean };

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

function backoffMs(policy: RetryPolicy, attempt: number, err: unknown): number {
  if (err instanceof MapsSearchRetryableError && err.retryAfterSeconds !== undefined && err.retryAfterSeconds >= 0) {
    return Math.min(policy.maxBackoffMs, err.retryAfterSeconds * 1000);
  }
  const base = policy.backoffBaseMs * 2 ** (attempt - 1);
  return Math.min(policy.maxBackoffMs, base / 2 + (Math.random() * base) / 2);
}

/**
 * One point's search: each try takes a request from the global rate limit; 429s, 5xx,
 * timeouts and dropped connections are retried with exponential backoff; a fatal error
 * (bad credentials, a refused request) is not. Rejects only when `signal` aborts (the scan
 * stopped); every other failure is an outcome.
 */
export async function searchPoint(
  provider: MapsSearchProvider,
  request: MapsSearchRequest,
  deps: { limiter: RateLimiter; policy: RetryPolicy; signal: AbortSignal },
): Promise<PointOutcome> {
  const { limiter, policy, signal } = deps;
  let lastError: unknown;
  for (let attempt = 1; attempt <= policy.maxAttempts; attempt++) {
    await limiter.acquire(signal);
    try {
      const result = await provider.search(request, AbortSignal.any([signal, AbortSignal.timeout(policy.requestTimeoutMs)]));
      return { ok: true, result };
    } catch (err) {
      signal.throwIfAborted();
      if (err instanceof MapsSearchFatalError) return { ok: false, error: err.message, fatal: true };
      // Anything else (a retryable error, a timeout, a network failure) is worth another try.
      lastError = err;
      if (attempt < policy.maxAttempts) await sleep(backoffMs(policy, attempt, err), signal);
    }
  }
  return { ok: false, error: messageOf(lastError), fatal: false };
}
