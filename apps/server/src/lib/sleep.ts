import { setTimeout as delay } from 'node:timers/promises';

/**
 * Waits `ms`; rejects as soon as `signal` aborts, with the signal's own reason (a stopped scan
 * says why) rather than Node's generic AbortError.
 */
export async function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  try {
    await delay(Math.max(0, ms), undefined, { signal });
  } catch (err) {
    signal?.throwIfAborted();
    throw err;
  }
}
