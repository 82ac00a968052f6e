import { describe, expect, it } from 'vitest';
import { type CampaignTiming, campaignSlotsBetween, firstWeekParity, latestCampaignSlot, nextCampaignSlot } from './campaign-schedule';

const MADRID = 'Europe/Madrid';
const t = (over: Partial<CampaignTiming>): CampaignTiming => ({ frequency: 'daily', day: null, date: null, hour: 9, weekParity: 0, ...over });

describe('campaign slots', () => {
  it('runs a daily campaign every local day at its hour, keyed by the date', () => {
    const slots = campaignSlotsBetween(t({ hour: 7 }), new Date('2026-11-25T12:00:00Z'), new Date('2026-11-28T12:00:00Z'), MADRID);
    expect(slots.map((s) => [s.at.toISOString(), s.key])).toEqual([
      ['2026-11-26T06:00:00.000Z', '2026-11-26'],
      ['2026-11-27T06:00:00.000Z', '2026-11-27'],
      ['2026-11-28T06:00:00.000Z', '2026-11-28'],
    ]);
  });

  it('keeps the wall-clock hour across the autumn DST change', () => {
    const slots = campaignSlotsBetween(t({ hour: 9 }), new Date('2026-10-24T00:00:00Z'), new Date('2026-10-26T23:00:00Z'), MADRID);
    expect(slots.map((s) => s.at.toISOString())).toEqual(['2026-10-24T07:00:00.000Z', '2026-10-25T08:00:00.000Z', '2026-10-26T08:00:00.000Z']);
  });

  it('runs a weekly campaign on its weekday, keyed by ISO week, and a biweekly one every other week', () => {
    const weekly = campaignSlotsBetween(t({ frequency: 'weekly', day: 1 }), new Date('2026-11-01T00:00:00Z'), new Date('2026-11-30T23:00:00Z'), MADRID);
    expect(weekly.map((s) => s.key)).toEqual(['2026-W45', '2026-W46', '2026-W47', '2026-W48', '2026-W49']);
    const even = campaignSlotsBetween(t({ frequency: 'biweekly', day: 1, weekParity: 0 }), new Date('2026-11-01T00:00:00Z'), new Date('2026-11-30T23:00:00Z'), MADRID);
    const odd = campaignSlotsBetween(t({ frequency: 'biweekly', day: 1, weekParity: 1 }), new Date('2026-11-01T00:00:00Z'), new Date('2026-11-30T23:00:00Z'), MADRID);
    expect(even.length + odd.length).toBe(5);
    expect(new Set([...even, ...odd].map((s) => s.key)).size).toBe(5);
    for (const list of [even, odd]) for (let i = 1; i < list.length; i++) expect(list[i]!.at.getTime() - list[i - 1]!.at.getTime()).toBe(14 * 86_400_000);
  });

  it('runs a monthly campaign on its day of the month, and a once campaign on its date only', () => {
    const monthly = campaignSlotsBetween(t({ frequency: 'monthly', day: 28, hour: 23 }), new Date('2026-01-01T00:00:00Z'), new Date('2026-04-30T00:00:00Z'), MADRID);
    expect(monthly.map((s) => s.key)).toEqual(['2026-01', '2026-02', '2026-03', '2026-04']);
    const once = t({ frequency: 'once', date: '2026-12-03', hour: 10 });
    expect(nextCampaignSlot(once, new Date('2026-11-25T00:00:00Z'), MADRID)).toEqual({ at: new Date('2026-12-03T09:00:00Z'), key: 'once' });
    expect(nextCampaignSlot(once, new Date('2026-12-04T00:00:00Z'), MADRID)).toBeNull();
  });

  it('finds the latest slot a scheduler still owes, and none outside the look-back', () => {
    const daily = t({ hour: 9 });
    expect(latestCampaignSlot(daily, new Date('2026-11-26T08:30:00Z'), MADRID, 6 * 3600_000)?.key).toBe('2026-11-26');
    expect(latestCampaignSlot(daily, new Date('2026-11-26T07:59:00Z'), MADRID, 6 * 3600_000)).toBeNull();
    // In New York 9:00 is 14:00 UTC: the same instant is a different local slot.
    expect(latestCampaignSlot(daily, new Date('2026-11-26T15:00:00Z'), 'America/New_York', 6 * 3600_000)?.at.toISOString()).toBe('2026-11-26T14:00:00.000Z');
  });

  it('starts a biweekly campaign at its weekday’s next occurrence', () => {
    // Wednesday 25 Nov 2026: the next Friday is the 27th, and that week is the first run.
    const now = new Date('2026-11-25T12:00:00Z');
    const parity = firstWeekParity(5, 9, now, MADRID);
    expect(nextCampaignSlot(t({ frequency: 'biweekly', day: 5, weekParity: parity }), now, MADRID)?.at.toISOString()).toBe('2026-11-27T08:00:00.000Z');
  });
});
