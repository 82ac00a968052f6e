import { describe, expect, it } from 'vitest';
import { countdown, nextWeeklyScan, previousWeeklyScan, wallClock, zonedInstant } from './schedule';

describe('weekly scan slots', () => {
  it('when it is Sunday evening in Madrid, then the default Monday 09:00 slot is the next morning, in Madrid time', () => {
    // 2026-11-22 is a Sunday; Madrid is UTC+1 in winter.
    const next = nextWeeklyScan(new Date('2026-11-22T20:00:00Z'), 1, 9, 'Europe/Madrid');
    expect(next.toISOString()).toBe('2026-11-23T08:00:00.000Z');
  });

  it('when it is the scan day but the hour has passed, then the slot is 7 days later', () => {
    const next = nextWeeklyScan(new Date('2026-11-23T08:00:00Z'), 1, 9, 'Europe/Madrid');
    expect(next.toISOString()).toBe('2026-11-30T08:00:00.000Z');
    const justBefore = nextWeeklyScan(new Date('2026-11-23T07:59:59Z'), 1, 9, 'Europe/Madrid');
    expect(justBefore.toISOString()).toBe('2026-11-23T08:00:00.000Z');
  });

  it('when the place is in another zone, then its own wall clock decides (New York, Tokyo)', () => {
    expect(nextWeeklyScan(new Date('2026-11-22T20:00:00Z'), 1, 9, 'America/New_York').toISOString()).toBe('2026-11-23T14:00:00.000Z');
    // In Tokyo it is already Monday 05:00 at 20:00 UTC on Sunday.
    expect(nextWeeklyScan(new Date('2026-11-22T20:00:00Z'), 1, 9, 'Asia/Tokyo').toISOString()).toBe('2026-11-23T00:00:00.000Z');
  });

  it('when the week crosses a DST change, then the slot keeps its wall-clock hour', () => {
    // Madrid moves to summer time on 2027-03-28 (a Sunday). Friday 26 March, next Monday 09:00 is UTC+2.
    const next = nextWeeklyScan(new Date('2027-03-26T12:00:00Z'), 1, 9, 'Europe/Madrid');
    expect(next.toISOString()).toBe('2027-03-29T07:00:00.000Z');
    expect(wallClock(next, 'Europe/Madrid')).toMatchObject({ weekday: 1, hour: 9, minute: 0 });
  });

  it('when every day and hour are tried, then the next slot is always within 7 days, on that day and hour', () => {
    const now = new Date('2026-07-15T10:30:00Z');
    for (let day = 0; day < 7; day++) {
      for (let hour = 0; hour < 24; hour++) {
        const next = nextWeeklyScan(now, day, hour, 'Europe/Madrid');
        expect(next.getTime()).toBeGreaterThan(now.getTime());
        expect(next.getTime() - now.getTime()).toBeLessThanOrEqual(7 * 86_400_000);
        expect(wallClock(next, 'Europe/Madrid')).toMatchObject({ weekday: day, hour, minute: 0, second: 0 });
        const prev = previousWeeklyScan(now, day, hour, 'Europe/Madrid');
        expect(prev.getTime()).toBeLessThanOrEqual(now.getTime());
        expect(next.getTime() - prev.getTime()).toBe(7 * 86_400_000);
      }
    }
  });

  it('when a wall time is converted, then it round-trips through the zone', () => {
    const t = zonedInstant(2026, 12, 31, 23, 'Atlantic/Canary');
    expect(t.toISOString()).toBe('2026-12-31T23:00:00.000Z');
    expect(wallClock(t, 'Atlantic/Canary')).toMatchObject({ year: 2026, month: 12, day: 31, hour: 23 });
  });

  it('when the countdown runs, then it shows days, hours and minutes, and null at zero', () => {
    expect(countdown(((2 * 24 + 3) * 60 + 4) * 60_000)).toEqual({ days: 2, hours: 3, minutes: 4 });
    expect(countdown(30_000)).toEqual({ days: 0, hours: 0, minutes: 1 });
    expect(countdown(0)).toBeNull();
    expect(countdown(-5)).toBeNull();
  });
});
