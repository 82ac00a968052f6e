import { setTimeout as delay } from 'node:timers/promises';

/**
 * Runs `attempt`, and again after each of `delaysMs` while it keeps failing: a database
 * blip (a restart, a dropped connection) lasts seconds, so a few spaced tries ride it out
 * where one would give up. Throws the last error once the delays are used up, or as soon as
 * `signal` aborts (the caller no longer wants the result: nothing more is tried).
 */
export async function retryWithBackoff<T>(
  attempt: (tryNumber: number) => Promise<T>,
  opts: { delaysMs: readonly number[]; signal?: AbortSignal; onRetry?: (err: unknown, delayMs: number) => void },
): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await attempt(i + 1);
    } catch (err) {
      const delay = opts.delaysMs[i];
      if (delay === undefined || opts.signal?.aborted) throw err;
      opts.onRetry?.(err, delay);
      // An abort while waiting ends the retries with the write's own error, not the abort's.
      if (!(await wait(delay, opts.signal))) throw err;
    }
  }
}

/** Resolves true after `ms`, or false as soon as `signal` aborts. Never rejects. */
function wait(ms: number, signal?: AbortSignal): Promise<boolean> {
  return delay(ms, true, { signal }).catch(() => false);
}
