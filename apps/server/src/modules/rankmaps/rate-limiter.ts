import type { DbOrTx } from '../../db/client';
import { sleep } from './concurrency';
import { rateLimitRepository } from './rate-limit.repository';

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
export function createRateLimiter(opts: { db: DbOrTx; provider: string; rateLimit: RateLimit; batch: number }): RateLimiter {
  const { db, provider, rateLimit, batch } = opts;
  let tokens = 0;
  let validUntil = 0;
  let refill: Promise<void> | null = null;

  const refillOnce = async (signal?: AbortSignal) => {
    const { granted, msLeft } = await rateLimitRepository.grant(db, { provider, limit: rateLimit.limit, windowSeconds: rateLimit.windowSeconds, wanted: Math.max(1, batch) });
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
