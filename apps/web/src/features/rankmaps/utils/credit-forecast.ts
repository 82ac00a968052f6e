import type { CreditForecastResponse, CreditForecastRound } from '@rankmaps/shared/schemas/credit-forecast';

/** The rounds the credits will not pay in full, of one place or of all (docs/decisions.md §23.4). */
export function roundsAtRisk(forecast: CreditForecastResponse | undefined, placeId?: string): CreditForecastRound[] {
  if (!forecast || forecast.billing !== 'credits') return [];
  return forecast.rounds.filter((r) => r.skippedAnalyses > 0 && (!placeId || r.placeId === placeId));
}
