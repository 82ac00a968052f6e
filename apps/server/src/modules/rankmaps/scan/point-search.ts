import { randomUUID } from 'node:crypto';
import {
  MapsSearchFatalError,
  MapsSearchRetryableError,
  MapsSearchTimeoutError,
  type MapsSearchProvider,
  type MapsSearchRequest,
  type MapsSearchResult,
} from '../../../providers/maps-search/interface';
import { sleep } from '../../../lib/sleep';
import type { RateLimiter } from './rate-limiter';

export interface RetryPolicy {
  /** Tries per point, the first included. */
  maxAttempts: number;
  /** First backoff; each retry doubles it (with jitter). Tests make it tiny. */
  backoffBaseMs: number;
  /** A vendor's Retry-After is honoured up to this. */
  maxBackoffMs: number;
  /** A request that takes longer is abandoned and retried; a provider's own longer live timeout wins. */
  requestTimeoutMs: number;
}

/**
 * One point's end. `costUsd` sums every try: what the vendor said it charged, and the list
 * price of each try that timed out (it may have run and been billed). searchPoint always sets
 * it; it is optional only while other code still builds outcomes of its own.
 */
export type PointOutcome = { ok: true; result: MapsSearchResult; costUsd?: number } | { ok: false; error: string; fatal: boolean; costUsd?: number };

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

function backoffMs(policy: RetryPolicy, attempt: number, err: unknown): number {
  if (err instanceof MapsSearchRetryableError && err.retryAfterSeconds !== undefined && err.retryAfterSeconds >= 0) {
    return Math.min(policy.maxBackoffMs, err.retryAfterSeconds * 1000);
  }
  const base = policy.backoffBaseMs * 2 ** (attempt - 1);
  return Math.min(policy.maxBackoffMs, base / 2 + (Math.random() * base) / 2);
}

/**
 * One attempt's signal: aborted when the scan stops or when the request takes longer than
 * `timeoutMs`. The same as AbortSignal.any([scan, AbortSignal.timeout(timeoutMs)]), without
 * its cost: on Node 20 every any() call registers on the scan's long-lived signal and they
 * pile up, which took about 100 ms of a 625-point scan. `done` releases the timer and listener.
 */
function attemptSignal(scan: AbortSignal, timeoutMs: number): { signal: AbortSignal; done(): void } {
  const controller = new AbortController();
  const onAbort = () => controller.abort(scan.reason);
  if (scan.aborted) onAbort();
  else scan.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')), timeoutMs);
  timer.unref();
  return {
    signal: controller.signal,
    done() {
      clearTimeout(timer);
      scan.removeEventListener('abort', onAbort);
    },
  };
}

/**
 * What one failed try cost: the vendor's own figure when it gave one, else, for a try that
 * timed out (ours or the adapter's), the provider's live list price, since the vendor may
 * have run it without our hearing back (docs/decisions.md §21.1).
 */
function failedTryCost(provider: MapsSearchProvider, err: unknown, timedOut: boolean): number {
  if (err instanceof MapsSearchTimeoutError || timedOut) return provider.liveSearchPriceUsd ?? 0;
  if (err instanceof MapsSearchRetryableError || err instanceof MapsSearchFatalError) return err.costUsd;
  return 0;
}

/**
 * One point's search: each try takes a request from the global rate limit; 429s, 5xx,
 * timeouts and dropped connections are retried with exponential backoff; a fatal error
 * (bad credentials, a refused request) is not. Every try carries the same tag, so a retry
 * after a timeout is the same point asked again in the vendor's records, and the outcome
 * counts what each try cost. Rejects only when `signal` aborts (the scan stopped); every
 * other failure is an outcome.
 */
export async function searchPoint(
  provider: MapsSearchProvider,
  request: MapsSearchRequest,
  deps: { limiter: RateLimiter; policy: RetryPolicy; signal: AbortSignal },
): Promise<PointOutcome> {
  const { limiter, policy, signal } = deps;
  const tagged: MapsSearchRequest = request.tag ? request : { ...request, tag: randomUUID() };
  // A slow live SERP is let finish rather than abandoned: abandoning it would pay for it twice.
  const timeoutMs = Math.max(policy.requestTimeoutMs, provider.liveTimeoutMs ?? 0);
  let costUsd = 0;
  let lastError: unknown;
  for (let attempt = 1; attempt <= policy.maxAttempts; attempt++) {
    await limiter.acquire(signal);
    const timed = attemptSignal(signal, timeoutMs);
    try {
      const result = await provider.search(tagged, timed.signal);
      return { ok: true, result, costUsd: costUsd + result.costUsd };
    } catch (err) {
      timed.done();
      signal.throwIfAborted();
      costUsd += failedTryCost(provider, err, timed.signal.aborted);
      if (err instanceof MapsSearchFatalError) return { ok: false, error: err.message, fatal: true, costUsd };
      // Anything else (a retryable error, a timeout, a network failure) is worth another try.
      lastError = err;
      if (attempt < policy.maxAttempts) await sleep(backoffMs(policy, attempt, err), signal);
    } finally {
      timed.done();
    }
  }
  return { ok: false, error: messageOf(lastError), fatal: false, costUsd };
}
