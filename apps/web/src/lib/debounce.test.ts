import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDebouncer } from './debounce';

describe('createDebouncer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('when the radius moves several times within 500 ms, then only the last value settles, 500 ms after the last move', () => {
    const settled: number[] = [];
    const d = createDebouncer<number>(500, (v) => settled.push(v));
    d.push(1600);
    vi.advanceTimersByTime(300);
    d.push(1700);
    vi.advanceTimersByTime(300);
    d.push(1800);
    vi.advanceTimersByTime(499);
    expect(settled).toEqual([]);
    expect(d.pending).toBe(true);
    vi.advanceTimersByTime(1);
    expect(settled).toEqual([1800]);
    expect(d.pending).toBe(false);
  });

  it('when flushed, then the pending value settles at once; when cancelled, then it never does', () => {
    const settled: number[] = [];
    const d = createDebouncer<number>(500, (v) => settled.push(v));
    d.push(2000);
    d.flush();
    expect(settled).toEqual([2000]);
    d.push(2100);
    d.cancel();
    vi.advanceTimersByTime(2000);
    expect(settled).toEqual([2000]);
    d.flush();
    expect(settled).toEqual([2000]);
  });

});
