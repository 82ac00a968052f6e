import { describe, expect, it } from 'vitest';
import { retryWithBackoff } from './retry';

/** A write that fails its first `failures` tries, then succeeds. */
function flaky(failures: number) {
  const tries: number[] = [];
  return {
    tries,
    async write(n: number) {
      tries.push(n);
      if (tries.length <= failures) throw new Error(`fallo ${tries.length}`);
      return 'escrito';
    },
  };
}

describe('retryWithBackoff', () => {
  it('when the write fails fewer times than there are delays, then it succeeds on a later try, waiting each delay in turn', async () => {
    const w = flaky(2);
    const waited: number[] = [];
    const started = Date.now();
    await expect(retryWithBackoff((n) => w.write(n), { delaysMs: [20, 40, 500], onRetry: (_e, d) => waited.push(d) })).resolves.toBe(
      'escrito',
    );
    expect(w.tries).toEqual([1, 2, 3]);
    expect(waited).toEqual([20, 40]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
  });

  it('when the write succeeds at once, then it is tried once and nothing waits', async () => {
    const w = flaky(0);
    await expect(retryWithBackoff((n) => w.write(n), { delaysMs: [10_000] })).resolves.toBe('escrito');
    expect(w.tries).toEqual([1]);
  });

  it('when the write fails more times than there are delays, then it is tried once per delay plus one and the last error is thrown', async () => {
    const w = flaky(10);
    await expect(retryWithBackoff((n) => w.write(n), { delaysMs: [1, 1, 1] })).rejects.toThrow('fallo 4');
    expect(w.tries).toEqual([1, 2, 3, 4]);
  });

  it('when the signal aborts during a wait, then nothing more is tried and the write error is thrown at once', async () => {
    const w = flaky(10);
    const stop = new AbortController();
    const started = Date.now();
    const result = retryWithBackoff((n) => w.write(n), { delaysMs: [5_000, 5_000], signal: stop.signal });
    setTimeout(() => stop.abort(), 30);
    await expect(result).rejects.toThrow('fallo 1');
    expect(w.tries).toEqual([1]);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
