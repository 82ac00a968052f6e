import { describe, expect, it } from 'vitest';
import { EUROS_PER_CREDIT, creditsInEuros, creditsText, proratedCreditDifference, weeklyScanMonthlyCredits } from './credit-value';

describe('credits in euros', () => {
  it('values a credit at the package price: 20 € for 500 credits is 0,04 € each', () => {
    expect(EUROS_PER_CREDIT).toBeCloseTo(0.04, 10);
    expect(creditsInEuros(500)).toBe(20);
  });

  it('rounds to the cent: a 7×7 scan (49 credits) is 1,96 €, a 25×25 one (625) 25 €', () => {
    expect(creditsInEuros(49)).toBe(1.96);
    expect(creditsInEuros(625)).toBe(25);
    expect(creditsInEuros(0)).toBe(0);
    expect(creditsInEuros(1)).toBe(0.04);
  });
});

describe('what a weekly scan costs in a month', () => {
  it('counts 52 scans a year over 12 months: a 7×7 grid (49 points) is 212 credits a month per keyword', () => {
    expect(weeklyScanMonthlyCredits(49)).toBe(212);
    expect(weeklyScanMonthlyCredits(0)).toBe(0);
  });
});

describe('the credits an upgrade adds at once', () => {
  const monthStart = new Date('2026-11-01T00:00:00Z');
  const monthEnd = new Date('2026-12-01T00:00:00Z');

  it('grants the whole difference at the start of the month: Starter 500 → Agency 1,500 is 1,000', () => {
    expect(proratedCreditDifference({ fromCredits: 500, toCredits: 1500, monthStart, monthEnd, at: monthStart })).toBe(1000);
  });

  it('grants the part of the month left: a third of 30 days left is 333 of 1,000 (rounded down)', () => {
    const at = new Date('2026-11-21T00:00:00Z');
    expect(proratedCreditDifference({ fromCredits: 500, toCredits: 1500, monthStart, monthEnd, at })).toBe(333);
  });

  it('grants nothing when the new plan has no more credits, or the month is over', () => {
    expect(proratedCreditDifference({ fromCredits: 1500, toCredits: 500, monthStart, monthEnd, at: monthStart })).toBe(0);
    expect(proratedCreditDifference({ fromCredits: 0, toCredits: 0, monthStart, monthEnd, at: monthStart })).toBe(0);
    expect(proratedCreditDifference({ fromCredits: 500, toCredits: 5000, monthStart, monthEnd, at: monthEnd })).toBe(0);
  });

  it('never grants more than the whole difference, even for a time before the month', () => {
    expect(proratedCreditDifference({ fromCredits: 0, toCredits: 500, monthStart, monthEnd, at: new Date('2026-10-01T00:00:00Z') })).toBe(500);
  });
});

describe('a count of credits in words', () => {
  it('agrees with its noun: «1 crédito», «0 créditos», «625 créditos», «12.500 créditos»', () => {
    expect(creditsText(1)).toBe('1 crédito');
    expect(creditsText(0)).toBe('0 créditos');
    expect(creditsText(625)).toBe('625 créditos');
    expect(creditsText(12500)).toBe('12.500 créditos');
  });
});
