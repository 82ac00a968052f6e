import { describe, expect, it } from 'vitest';
import { formatCoordinates, formatDecimal, formatLongDate, formatMediumDateTime, formatMoney, formatPercent, formatShortDate } from './format';

describe('formatMoney', () => {
  it('when in Spanish, then the amount has two decimals and the euro sign after it', () => {
    expect(formatMoney(29, 'eur', 'es').replace(/\s/g, ' ')).toBe('29,00 €');
    expect(formatMoney(468.5, 'EUR', 'es').replace(/\s/g, ' ')).toBe('468,50 €');
  });

  it('when in English, then the euro sign leads', () => {
    expect(formatMoney(20, 'eur', 'en')).toBe('€20.00');
  });
});

describe('dates', () => {
  it('when given an ISO date, then it is written the es-ES way', () => {
    expect(formatShortDate('2026-11-22T12:00:00.000Z', 'es')).toBe('22/11/2026');
    expect(formatLongDate('2026-11-22T12:00:00.000Z', 'es')).toBe('22 de noviembre de 2026');
  });

  it('when the date is missing or invalid, then nothing is written', () => {
    expect(formatShortDate(null, 'es')).toBe('');
    expect(formatLongDate('not a date', 'es')).toBe('');
    expect(formatMediumDateTime(undefined, 'es')).toBe('');
  });

  it('when a notification is listed, then its date carries the time as well', () => {
    // The reader's own clock: the hour depends on the machine's zone, the shape does not.
    expect(formatMediumDateTime('2026-11-22T12:05:00.000Z', 'es')).toMatch(/^2[12] nov 2026, \d{2}:\d{2}$/);
  });
});

describe('formatting', () => {
  it('uses the interface language', () => {
    expect(formatDecimal(3.456, 'es')).toBe('3,5');
    expect(formatDecimal(3.456, 'en')).toBe('3.5');
    expect(formatPercent(42.5, 'es')).toBe('42,5\u00a0%');
    expect(formatPercent(42.5, 'en')).toBe('42.5%');
    expect(formatCoordinates(40.4168, -3.70379)).toBe('40.41680, -3.70379');
  });
});
