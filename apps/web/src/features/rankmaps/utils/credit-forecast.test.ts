import type { CreditForecastResponse, CreditForecastRound } from '@rankmaps/shared/schemas/credit-forecast';
import { describe, expect, it } from 'vitest';
import { roundsAtRisk } from './credit-forecast';

const round = (placeId: string, skippedAnalyses: number): CreditForecastRound => ({
  kind: 'weekly',
  placeId,
  placeName: placeId,
  at: '2026-11-30T08:00:00.000Z',
  analyses: 2,
  credits: 98,
  availableBefore: 10,
  skippedAnalyses,
});
const forecast = (rounds: CreditForecastRound[], billing: CreditForecastResponse['billing'] = 'credits'): CreditForecastResponse => ({ billing, available: 10, needed: 98, shortfall: 88, rounds });

describe('roundsAtRisk', () => {
  it('when some rounds skip analyses, then only those are at risk, of the place asked or of all', () => {
    const f = forecast([round('a', 2), round('b', 0), round('c', 1)]);
    expect(roundsAtRisk(f).map((r) => r.placeId)).toEqual(['a', 'c']);
    expect(roundsAtRisk(f, 'c').map((r) => r.placeId)).toEqual(['c']);
    expect(roundsAtRisk(f, 'b')).toEqual([]);
  });

  it('when there is no forecast yet, or the plan does not pay credits, then nothing is at risk', () => {
    expect(roundsAtRisk(undefined)).toEqual([]);
    expect(roundsAtRisk(forecast([round('a', 2)], 'plan'))).toEqual([]);
  });
});
