import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client';
import { openTestDatabase } from '../../../../test/test-app';
import { createRateLimiter } from './rate-limiter';

/** The database, whose first `failures` statements fail as a dropped connection would. */
function flaky(db: Db, failures: number) {
  let left = failures;
  const calls = { failed: 0 };
  const execute = db.execute.bind(db);
  const wrapped = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop !== 'execute') return Reflect.get(target, prop, receiver) as unknown;
      return (...args: Parameters<Db['execute']>) => {
        if (left > 0) {
          left--;
          calls.failed++;
          return Promise.reject(new Error('Connection terminated unexpectedly'));
        }
        return execute(...args);
      };
    },
  });
  return { db: wrapped, calls };
}

describe('scan rate limiter through a database blip', async () => {
  const test = await openTestDatabase();
  afterAll(() => test.drop());
  const rateLimit = { limit: 1000, windowSeconds: 60 };

  it('when the refill fails twice, then it is tried again after each pause and the request goes ahead', async () => {
    const { db, calls } = flaky(test.database.db, 2);
    const retries: number[] = [];
    const limiter = createRateLimiter({ db, provider: `blip-${Date.now()}`, rateLimit, batch: 5, retryDelaysMs: [10, 20, 30], onRetry: (_e, ms) => retries.push(ms) });
    await limiter.acquire();
    expect(calls.failed).toBe(2);
    expect(retries).toEqual([10, 20]);
  });

  it('when the database stays down past every pause, then acquiring fails with its error', async () => {
    const { db, calls } = flaky(test.database.db, 10);
    const limiter = createRateLimiter({ db, provider: `down-${Date.now()}`, rateLimit, batch: 5, retryDelaysMs: [5, 5] });
    await expect(limiter.acquire()).rejects.toThrow('Connection terminated unexpectedly');
    expect(calls.failed).toBe(3);
  });

  it('when the scan is stopped during a pause, then nothing more is tried', async () => {
    const { db, calls } = flaky(test.database.db, 10);
    const limiter = createRateLimiter({ db, provider: `stop-${Date.now()}`, rateLimit, batch: 5, retryDelaysMs: [60_000] });
    const abort = new AbortController();
    const acquired = limiter.acquire(abort.signal);
    setTimeout(() => abort.abort(new Error('scan stopped')), 20);
    await expect(acquired).rejects.toThrow();
    expect(calls.failed).toBe(1);
  });
});
