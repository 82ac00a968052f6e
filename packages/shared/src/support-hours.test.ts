import { describe, expect, it } from 'vitest';
import { SUPPORT_HOURS, bookableSlots, isSlotStart, isTimeZone, slotsBetween, supportHoursEs } from './support-hours';

const iso = (d: Date) => d.toISOString();

describe('support calendar slots (docs/support.md «Videollamada»)', () => {
  it('when a winter weekday is listed, then its 18 slots run 9:00–17:30 Madrid, which is 8:00–16:30 UTC', () => {
    // Tuesday 1 December 2026, Madrid is UTC+1.
    const slots = slotsBetween(new Date('2026-12-01T00:00:00Z'), new Date('2026-12-01T23:00:00Z'));
    expect(slots).toHaveLength(18);
    expect(iso(slots[0]!)).toBe('2026-12-01T08:00:00.000Z');
    expect(iso(slots[1]!)).toBe('2026-12-01T08:30:00.000Z');
    expect(iso(slots[17]!)).toBe('2026-12-01T16:30:00.000Z');
  });

  it('when a summer weekday is listed, then 9:00 Madrid is 7:00 UTC', () => {
    const slots = slotsBetween(new Date('2027-06-15T00:00:00Z'), new Date('2027-06-15T23:00:00Z'));
    expect(iso(slots[0]!)).toBe('2027-06-15T07:00:00.000Z');
    expect(iso(slots.at(-1)!)).toBe('2027-06-15T15:30:00.000Z');
  });

  it('when the week crosses the spring DST change (Sunday 28 March 2027), then Friday is UTC+1 and Monday UTC+2, each at 9:00 Madrid', () => {
    const slots = slotsBetween(new Date('2027-03-26T00:00:00Z'), new Date('2027-03-29T23:00:00Z'));
    const firsts = slots.filter((s) => s.getUTCMinutes() === 0 && (s.getUTCHours() === 8 || s.getUTCHours() === 7));
    expect(iso(slots[0]!)).toBe('2027-03-26T08:00:00.000Z');
    expect(slots.some((s) => iso(s) === '2027-03-29T07:00:00.000Z')).toBe(true);
    expect(firsts.length).toBeGreaterThan(0);
    // Nothing on the weekend: 18 slots Friday + 18 Monday.
    expect(slots).toHaveLength(36);
  });

  it('when the week crosses the autumn DST change (Sunday 31 October 2027), then Monday 1 November opens at 8:00 UTC', () => {
    const slots = slotsBetween(new Date('2027-10-29T12:00:00Z'), new Date('2027-11-01T23:00:00Z'));
    expect(slots.some((s) => iso(s) === '2027-11-01T08:00:00.000Z')).toBe(true);
    expect(slots.some((s) => iso(s) === '2027-11-01T07:00:00.000Z')).toBe(false);
  });

  it('when the hours hold the spring DST gap (a night shift on Sunday 28 March 2027), then the missing hour has no slots and none is listed twice', () => {
    const night = { timeZone: 'Europe/Madrid', weekdays: [0], openHour: 0, closeHour: 6 };
    const slots = slotsBetween(new Date('2027-03-27T12:00:00Z'), new Date('2027-03-28T12:00:00Z'), night);
    // 0:00–2:00 at UTC+1, then 3:00–6:00 at UTC+2: 4 + 6 slots, strictly increasing.
    expect(slots.map(iso)).toEqual([
      '2027-03-27T23:00:00.000Z', '2027-03-27T23:30:00.000Z', '2027-03-28T00:00:00.000Z', '2027-03-28T00:30:00.000Z',
      '2027-03-28T01:00:00.000Z', '2027-03-28T01:30:00.000Z', '2027-03-28T02:00:00.000Z', '2027-03-28T02:30:00.000Z', '2027-03-28T03:00:00.000Z', '2027-03-28T03:30:00.000Z',
    ]);
    expect(slots.every((s) => isSlotStart(s, night))).toBe(true);
  });

  it('when the hours hold the autumn DST change (Sunday 31 October 2027), then every wall-clock slot is listed once, in order', () => {
    const night = { timeZone: 'Europe/Madrid', weekdays: [0], openHour: 0, closeHour: 6 };
    const slots = slotsBetween(new Date('2027-10-30T12:00:00Z'), new Date('2027-10-31T12:00:00Z'), night);
    expect(slots).toHaveLength(12);
    expect(slots.every((s, i) => i === 0 || s > slots[i - 1]!)).toBe(true);
    expect(iso(slots[0]!)).toBe('2027-10-30T22:00:00.000Z');
    expect(iso(slots.at(-1)!)).toBe('2027-10-31T04:30:00.000Z');
  });

  it('when a weekend is listed, then it has no slots', () => {
    expect(slotsBetween(new Date('2026-12-05T00:00:00Z'), new Date('2026-12-06T23:59:00Z'))).toEqual([]);
  });

  it('when the window starts mid-day, then only later slots are listed, strictly after "from", and the one at "to" is included', () => {
    const slots = slotsBetween(new Date('2026-12-01T10:00:00Z'), new Date('2026-12-01T11:00:00Z'));
    expect(slots.map(iso)).toEqual(['2026-12-01T10:30:00.000Z', '2026-12-01T11:00:00.000Z']);
  });

  it('when 14 days are bookable, then every slot is a slot start, they are in order and the last is within 14 days', () => {
    const now = new Date('2026-11-26T10:21:00Z');
    const slots = bookableSlots(now);
    expect(slots).toHaveLength(10 * 18);
    expect(slots.every((s) => isSlotStart(s))).toBe(true);
    expect(slots.every((s, i) => i === 0 || s > slots[i - 1]!)).toBe(true);
    expect(slots[0]!.getTime()).toBeGreaterThan(now.getTime());
    expect(slots.at(-1)!.getTime()).toBeLessThanOrEqual(now.getTime() + 14 * 86_400_000);
  });

  it.each([
    ['2026-12-01T08:00:00.000Z', true, 'Tuesday 9:00 Madrid'],
    ['2026-12-01T16:30:00.000Z', true, 'the last slot, 17:30–18:00'],
    ['2026-12-01T17:00:00.000Z', false, '18:00: the slot would end after closing'],
    ['2026-12-01T07:30:00.000Z', false, '8:30: before opening'],
    ['2026-12-01T08:15:00.000Z', false, 'not on the hour or half past'],
    ['2026-12-01T08:00:30.000Z', false, 'seconds'],
    ['2026-12-01T08:00:00.001Z', false, 'milliseconds'],
    ['2026-12-05T09:00:00.000Z', false, 'Saturday'],
    ['2026-12-06T09:00:00.000Z', false, 'Sunday'],
  ])('when %s is checked, then it is a slot: %s (%s)', (instant, expected) => {
    expect(isSlotStart(new Date(instant))).toBe(expected);
  });

  it('when the hours are configured otherwise, then slots follow them (Saturday 10–12 in Mexico City)', () => {
    const hours = { timeZone: 'America/Mexico_City', weekdays: [6], openHour: 10, closeHour: 12 };
    const slots = slotsBetween(new Date('2026-12-04T00:00:00Z'), new Date('2026-12-06T00:00:00Z'), hours);
    expect(slots.map(iso)).toEqual(['2026-12-05T16:00:00.000Z', '2026-12-05T16:30:00.000Z', '2026-12-05T17:00:00.000Z', '2026-12-05T17:30:00.000Z']);
    expect(supportHoursEs(hours)).toBe('sábado, de 10:00 a 12:00 (hora de Mexico City)');
  });

  it('when the default hours are put in words, then they read as the contact page says', () => {
    expect(supportHoursEs(SUPPORT_HOURS)).toBe('de lunes a viernes, de 9:00 a 18:00 (hora de España)');
  });

  it.each([
    ['Europe/Madrid', true],
    ['America/Argentina/Buenos_Aires', true],
    ['UTC', true],
    ['Marte/Olympus', false],
    ['', false],
    ['<script>', false],
  ])('when the zone %j is checked, then it is an IANA zone: %s', (zone, expected) => {
    expect(isTimeZone(zone)).toBe(expected);
  });
});
