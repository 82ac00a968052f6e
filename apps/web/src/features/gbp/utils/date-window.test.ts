import { describe, expect, it } from 'vitest';
import { addDays, localIsoDate, statsWindows } from './date-window';

describe('statsWindows', () => {
  it('when today is 15 May, then the window is the 30 days ending yesterday and the previous 30 days before it', () => {
    const w = statsWindows(new Date(2026, 4, 15, 10, 30));
    expect(w.current).toEqual({ startDate: '2026-04-15', endDate: '2026-05-14' });
    expect(w.previous).toEqual({ startDate: '2026-03-16', endDate: '2026-04-14' });
  });

  it('when the window crosses a year and a leap day, then both ranges stay 30 days long and touch', () => {
    const w = statsWindows(new Date(2024, 2, 10));
    expect(w.current).toEqual({ startDate: '2024-02-09', endDate: '2024-03-09' });
    expect(w.previous).toEqual({ startDate: '2024-01-10', endDate: '2024-02-08' });
    const jan = statsWindows(new Date(2026, 0, 1));
    expect(jan.current).toEqual({ startDate: '2025-12-02', endDate: '2025-12-31' });
    expect(addDays(jan.previous.endDate, 1)).toBe(jan.current.startDate);
  });

  it('when the clocks change inside the window, then no day is skipped or repeated', () => {
    // Spain moves to summer time on the last Sunday of March.
    const w = statsWindows(new Date(2026, 3, 5, 0, 15));
    expect(w.current).toEqual({ startDate: '2026-03-06', endDate: '2026-04-04' });
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
  });

  it('when it is just after midnight, then yesterday is the local yesterday', () => {
    expect(localIsoDate(new Date(2026, 6, 1, 0, 5))).toBe('2026-07-01');
    expect(statsWindows(new Date(2026, 6, 1, 0, 5)).current.endDate).toBe('2026-06-30');
  });
});
