import { describe, expect, it } from 'vitest';
import { formatTrend, metricPoints, metricTotal, parseCount, trendDirection, trendPercent } from './metrics';

const daily = (...values: string[]) => ({
  metricValues: values.map((value, i) => ({ date: `2026-04-${String(i + 1).padStart(2, '0')}`, totalValue: { value } })),
});

describe('totals', () => {
  it('when int64 values come as strings, then they are summed and charted as numbers', () => {
    const res = daily('12', '0', '7', '31');
    expect(metricTotal(res)).toBe(50);
    expect(metricPoints(res)).toEqual([
      { date: '2026-04-01', value: 12 },
      { date: '2026-04-02', value: 0 },
      { date: '2026-04-03', value: 7 },
      { date: '2026-04-04', value: 31 },
    ]);
  });

  it('when a value is missing or not a number, then it counts as 0', () => {
    expect(parseCount('')).toBe(0n);
    expect(parseCount(undefined)).toBe(0n);
    expect(parseCount('1e3')).toBe(0n);
    expect(metricTotal(daily('5', 'abc', ' 4 '))).toBe(9);
    expect(metricTotal(undefined)).toBe(0);
  });

  it('when values are beyond 2^53 one by one, then the sum is still exact before the conversion', () => {
    expect(metricTotal(daily('9007199254740993', '-9007199254740992'))).toBe(1);
  });
});

describe('trend', () => {
  it('when the previous window had figures, then the change is a percentage of it', () => {
    expect(trendPercent(150, 100)).toBe(50);
    expect(trendPercent(75, 100)).toBe(-25);
    expect(trendPercent(100, 100)).toBe(0);
  });

  it('when the previous window was empty, then there is no percentage unless both are empty', () => {
    expect(trendPercent(12, 0)).toBeNull();
    expect(trendPercent(0, 0)).toBe(0);
  });

  it('when formatted in Spanish, then it has a sign, one decimal at most and the Spanish separators', () => {
    expect(formatTrend(12.345, 'es-ES').replace(/\s/g, ' ')).toBe('+12,3 %');
    expect(formatTrend(-4, 'es-ES').replace(/\s/g, ' ')).toBe('-4 %');
    expect(formatTrend(0.01, 'es-ES').replace(/\s/g, ' ')).toBe('0 %');
    expect(formatTrend(7.25, 'en')).toBe('+7.3%');
  });

  it('when the change rounds to zero, then it is flat', () => {
    expect(trendDirection(0.04)).toBe('flat');
    expect(trendDirection(0.05)).toBe('up');
    expect(trendDirection(-3)).toBe('down');
  });
});
