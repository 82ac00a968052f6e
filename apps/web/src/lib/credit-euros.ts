import { creditsInEuros } from '@rankmaps/shared/credit-value';
import { formatMoney } from './format';

/**
 * What credits are worth in euros at the current credit price, for beside any quote of credits:
 * "(≈ 1,96 €)" in Spanish. The price is the credit package's, 20 € for 500 credits
 * (docs/decisions.md §29.5).
 */
export function creditsEurosNote(credits: number, language: string): string {
  return `(≈ ${formatMoney(creditsInEuros(credits), 'EUR', language)})`;
}

/** A quote of credits with its euro value: "49 créditos (≈ 1,96 €)", the credits text being the caller's own words. */
export function withCreditEuros(creditsText: string, credits: number, language: string): string {
  return `${creditsText} ${creditsEurosNote(credits, language)}`;
}
