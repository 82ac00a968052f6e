import type { DbOrTx } from '../../../db/client';
import { retryWithBackoff } from '../../../lib/retry';
import { sleep } from '../../../lib/sleep';
import { rateLimitRepository } from './rate-limit.repository';
import { WRITE_RETRY_DELAYS_MS } from './scan-writer';

export interface RateLimit {
  /** Requests allowed per window, across every worker process. */
  limit: number;
  /** 60 in production (requests per minute); tests shorten it. */
  windowSeconds: number;
}

export interface RateLimiter {
  /** Resolves when one request may be sent; rejects if `signal` aborts while waiting. */
  acquire(signal?: AbortSignal): Promise<void>;
}

/**
 * The global rate limit as seen by one scan. Requests are taken from the shared window in
 * small batches (`batch`, the scan's concurrency) so that a fast provider does not cost a
 * database round trip per point. A batch is only spent inside the window that granted it:
 * what is left when the window ends is dropped, so no window ever carries more than `limit`.
 */
export function createRateLimiter(opts: {
  db: DbOrTx;
  provider: string;
  rateLimit: RateLimit;
  batch: number;
  /** Waits before each new try of a refill the database failed; the scan writer's unless a test shortens them. */
  retryDelaysMs?: readonly number[];
  onRetry?: (err: unknown, delayMs: number) => void;
}): RateLimiter {
  const { db, provider, rateLimit, batch } = opts;
  let tokens = 0;
  let validUntil = 0;
  let refill: Promise<void> | null = null;

  const refillOnce = async (signal?: AbortSignal) => {
    // A database blip (a restart, a dropped connection) is ridden out as the writer does, rather than failing the run.
    const { granted, msLeft } = await retryWithBackoff(
      () => rateLimitRepository.grant(db, { provider, limit: rateLimit.limit, windowSeconds: rateLimit.windowSeconds, wanted: Math.max(1, batch) }),
      { delaysMs: opts.retryDelaysMs ?? WRITE_RETRY_DELAYS_MS, signal, onRetry: opts.onRetry },
    );
    if (granted > 0) {
      tokens = granted;
      validUntil = Date.now() + msLeft;
      return;
    }
    // The window is full: wait for the next one (a little past its start, for clock jitter).
    await sleep(msLeft + 5 + Math.random() * 20, signal);
  };

  return {
    async acquire(signal) {
      for (;;) {
        signal?.throwIfAborted();
        if (tokens > 0 && Date.now() < validUntil) {
          tokens--;
          return;
        }
        tokens = 0;
        // One refill at a time per scan; concurrent callers wait for it and try again.
        refill ??= refillOnce(signal).finally(() => {
          refill = null;
        });
        await refill;
      }
    },
  };
}
