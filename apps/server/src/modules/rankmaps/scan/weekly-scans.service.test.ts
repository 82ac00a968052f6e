import { nextWeeklyScan } from '@rankmaps/shared/schedule';
import { describe, expect, it } from 'vitest';
import { nextWeeklySlot } from './weekly-scans.service';

describe('nextWeeklySlot', () => {
  it('when asked at times going forwards, backwards and across a slot and the DST changes, then it answers what nextWeeklyScan works out each time', () => {
    const places = [
      { rankDay: 1, rankHour: 9, timeZone: 'Europe/Madrid' },
      // Sunday at 2:00 in Madrid does not exist on the last Sunday of March.
      { rankDay: 0, rankHour: 2, timeZone: 'Europe/Madrid' },
      { rankDay: 5, rankHour: 23, timeZone: 'America/New_York' },
      // Not a zone Intl knows: Madrid's slots.
      { rankDay: 3, rankHour: 0, timeZone: 'Nowhere/Unknown' },
    ];
    const start = Date.parse('2026-03-20T00:00:00Z');
    // Every 53 minutes over five weeks (the spring DST change inside), then the same times backwards, then at random.
    const forwards = Array.from({ length: (35 * 24 * 60) / 53 }, (_, i) => start + i * 53 * 60_000);
    const times = [...forwards, ...[...forwards].reverse(), ...Array.from({ length: 500 }, () => start + Math.floor(Math.random() * 35 * 86_400_000))];
    for (const place of places) {
      const zone = place.timeZone === 'Nowhere/Unknown' ? 'Europe/Madrid' : place.timeZone;
      for (const t of times) {
        const now = new Date(t);
        expect(nextWeeklySlot(now, place).getTime(), `${place.timeZone} ${now.toISOString()}`).toBe(nextWeeklyScan(now, place.rankDay, place.rankHour, zone).getTime());
      }
    }
  });

  it('when it answers from what it kept, then the caller gets a Date of its own', () => {
    const place = { rankDay: 1, rankHour: 9, timeZone: 'Europe/Madrid' };
    const now = new Date('2026-11-20T10:00:00Z');
    const first = nextWeeklySlot(now, place);
    first.setTime(0);
    expect(nextWeeklySlot(now, place).toISOString()).toBe('2026-11-23T08:00:00.000Z');
  });
});
