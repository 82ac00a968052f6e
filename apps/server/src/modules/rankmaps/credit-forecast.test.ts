import { describe, expect, it } from 'vitest';
import { type ScheduledWork, forecastCredits } from './credit-forecast';

const now = new Date('2026-11-26T10:00:00Z');
const inHours = (h: number) => new Date(now.getTime() + h * 3600_000);
const weekly = (placeId: string, at: Date, costs: number[]): ScheduledWork => ({ kind: 'weekly', placeId, placeName: placeId, timeZone: 'Europe/Madrid', at, analysisCosts: costs, ref: '2026-W48' });

describe('forecastCredits', () => {
  it('when the credits pay every round, then nothing is skipped and there is no shortfall', () => {
    const f = forecastCredits([weekly('a', inHours(30), [49, 49]), weekly('b', inHours(100), [9])], 200, now);
    expect(f).toMatchObject({ available: 200, needed: 107, shortfall: 0 });
    expect(f.rounds.map((r) => [r.placeId, r.credits, r.availableBefore, r.skippedAnalyses])).toEqual([
      ['a', 98, 200, 0],
      ['b', 9, 102, 0],
    ]);
  });

  it('when the credits run short, then the rounds are paid soonest first and a later round is the one skipped', () => {
    const f = forecastCredits([weekly('late', inHours(120), [49]), weekly('soon', inHours(20), [49, 49])], 100, now);
    expect(f.rounds.map((r) => r.placeId)).toEqual(['soon', 'late']);
    expect(f.rounds.map((r) => r.skippedAnalyses)).toEqual([0, 1]);
    expect(f.rounds[1]).toMatchObject({ availableBefore: 2, credits: 49 });
    expect(f).toMatchObject({ needed: 147, shortfall: 47 });
  });

  it('when one analysis of a round is too dear, then a cheaper one after it still runs, as the scans pay one by one', () => {
    const f = forecastCredits([weekly('a', inHours(5), [9, 49, 9])], 20, now);
    expect(f.rounds[0]).toMatchObject({ credits: 67, skippedAnalyses: 1 });
  });

  it('when work is past or beyond 7 days, or a place has no keyword, then it does not count', () => {
    const f = forecastCredits([weekly('past', inHours(-1), [9]), weekly('far', inHours(7 * 24 + 1), [9]), weekly('empty', inHours(3), []), weekly('edge', inHours(7 * 24), [9])], 0, now);
    expect(f.rounds.map((r) => r.placeId)).toEqual(['edge']);
    expect(f).toMatchObject({ needed: 9, shortfall: 9 });
  });

  it('when the balance is negative (an adjustment), then it counts as none', () => {
    const f = forecastCredits([{ kind: 'scheduled', placeId: 'a', placeName: 'a', timeZone: 'Europe/Madrid', at: inHours(2), analysisCosts: [25], ref: 'id' }], -5, now);
    expect(f).toMatchObject({ available: 0, needed: 25, shortfall: 25 });
    expect(f.rounds[0]).toMatchObject({ availableBefore: 0, skippedAnalyses: 1 });
  });
});

describe('forecastCredits over a month (docs/decisions.md §25.4)', () => {
  const campaign = (placeId: string, at: Date, costs: number[], group: string): ScheduledWork => ({
    kind: 'campaign',
    placeId,
    placeName: placeId,
    timeZone: 'Europe/Madrid',
    at,
    analysisCosts: costs,
    ref: group,
    campaignId: 'c',
    campaignName: 'Campaña',
    allOrNothingGroup: group,
  });

  it('when the monthly grant comes before a round, then its plan credits replace what was left and pay it', () => {
    const f = forecastCredits([weekly('a', inHours(24), [80]), weekly('b', inHours(24 * 10), [80])], { subscription: 100, extra: 0 }, now, 30, [{ at: inHours(24 * 5), credits: 100 }]);
    expect(f.rounds.map((r) => [r.availableBefore, r.skippedAnalyses])).toEqual([
      [100, 0],
      [100, 0],
    ]);
    expect(f.runsOutAt).toBeNull();
  });

  it('when plan credits run out, then bought credits pay the rest, and the first round short is when it runs out', () => {
    const f = forecastCredits([weekly('a', inHours(1), [60]), weekly('b', inHours(2), [60]), weekly('c', inHours(3), [60])], { subscription: 50, extra: 80 }, now, 30);
    expect(f.rounds.map((r) => r.skippedAnalyses)).toEqual([0, 0, 1]);
    expect(f.runsOutAt).toEqual(inHours(3));
  });

  it('when a custom campaign’s round across two places cannot be paid whole, then both places are skipped together', () => {
    const f = forecastCredits([campaign('p1', inHours(5), [30], 'c:2026-11-27'), campaign('p2', inHours(5), [30], 'c:2026-11-27'), weekly('w', inHours(6), [20])], 50, now, 30);
    expect(f.rounds.map((r) => [r.placeId, r.skippedAnalyses])).toEqual([
      ['p1', 1],
      ['p2', 1],
      ['w', 0],
    ]);
    expect(f.rounds[2]).toMatchObject({ availableBefore: 50 });
  });
});
