// What credits are worth in euros (docs/decisions.md §29.5). The only price a credit
// has is the credit package's: 500 credits for 20 €, so one credit is worth 0,04 €. Plan credits
// come with a subscription and have no price of their own, so every quote of credits is valued
// at the package price, the price of buying the same credits today.
import { CREDIT_PACKAGE } from './plans';

/** Euros per credit at the current credit package price (20 € / 500 = 0,04 €). */
export const EUROS_PER_CREDIT = CREDIT_PACKAGE.price / CREDIT_PACKAGE.credits;

/** What `credits` cost at the package price, rounded to the cent. */
export function creditsInEuros(credits: number): number {
  return Math.round(credits * EUROS_PER_CREDIT * 100) / 100;
}

/** What a weekly scan costs in a month, per keyword: one scan a week, 52 weeks over 12 months. */
export function weeklyScanMonthlyCredits(pointsPerScan: number): number {
  return Math.round((pointsPerScan * 52) / 12);
}

const countFormat = new Intl.NumberFormat('es-ES');

/** A count of credits in Spanish, agreeing with its noun: «1 crédito», «250 créditos» (never «1 créditos»). */
export function creditsText(n: number): string {
  return `${countFormat.format(n)} ${n === 1 ? 'crédito' : 'créditos'}`;
}

/** How many credit packages one checkout may buy (the quantity selector's range). */
export const MAX_CREDIT_PACKS = 10;

/**
 * The plan credits an upgrade adds at once: the difference in monthly credits between the
 * two plans, for the part of the current credit month still to run (rounded down, so the
 * grant never exceeds what the month has left). Never negative: a move to a plan with fewer
 * credits adds nothing.
 */
export function proratedCreditDifference(input: { fromCredits: number; toCredits: number; monthStart: Date; monthEnd: Date; at: Date }): number {
  const difference = input.toCredits - input.fromCredits;
  const length = input.monthEnd.getTime() - input.monthStart.getTime();
  if (difference <= 0 || length <= 0) return 0;
  const left = Math.min(Math.max(input.monthEnd.getTime() - input.at.getTime(), 0), length);
  return Math.floor((difference * left) / length);
}
