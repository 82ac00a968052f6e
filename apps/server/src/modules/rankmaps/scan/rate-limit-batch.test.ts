import { describe, expect, it } from 'vitest';
import { rateLimitBatch } from './scan.service';

const deps = (concurrency: number, limit: number) => ({ concurrency, rateLimit: { limit, windowSeconds: 60 } });

describe('rateLimitBatch', () => {
  it('when the limit is tight, then a scan takes its concurrency at a time', () => {
    expect(rateLimitBatch(deps(10, 60), 625)).toBe(10);
    expect(rateLimitBatch(deps(10, 200), 625)).toBe(10);
  });

  it('when the limit is generous, then a scan takes a twentieth of the window at a time', () => {
    expect(rateLimitBatch(deps(10, 6000), 625)).toBe(300);
  });

  it('when few points are left, then it never takes more than it needs', () => {
    expect(rateLimitBatch(deps(10, 10_000_000), 625)).toBe(625);
    expect(rateLimitBatch(deps(10, 6000), 3)).toBe(3);
    expect(rateLimitBatch(deps(10, 6000), 0)).toBe(1);
  });
});
