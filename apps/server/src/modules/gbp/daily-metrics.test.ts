import { describe, expect, it } from 'vitest';
import { METRIC_COMPONENTS, eachDay, lastCompleteMonth, sortKeywords, sumDailySeries } from './daily-metrics';

describe('GBP metric arithmetic', () => {
  it('when the mapping is read, then VIEWS is the four impressions, SEARCHES the two search ones, ACTIONS calls + website + directions', () => {
    expect(METRIC_COMPONENTS.VIEWS).toHaveLength(4);
    expect(METRIC_COMPONENTS.VIEWS.every((m) => m.startsWith('BUSINESS_IMPRESSIONS_'))).toBe(true);
    expect(METRIC_COMPONENTS.SEARCHES).toEqual(['BUSINESS_IMPRESSIONS_DESKTOP_SEARCH', 'BUSINESS_IMPRESSIONS_MOBILE_SEARCH']);
    expect(METRIC_COMPONENTS.ACTIONS).toEqual(['CALL_CLICKS', 'WEBSITE_CLICKS', 'BUSINESS_DIRECTION_REQUESTS']);
  });

  it('when days are listed across a month end and a leap day, then every day is there once', () => {
    expect(eachDay('2024-02-27', '2024-03-02')).toEqual(['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01', '2024-03-02']);
    expect(eachDay('2024-03-02', '2024-03-02')).toEqual(['2024-03-02']);
  });

  it('when series are summed, then missing days are 0, other metrics and out-of-range days are ignored, and int64 stays exact', () => {
    const out = sumDailySeries(
      [
        { dailyMetric: 'CALL_CLICKS', values: [{ date: '2026-03-01', value: 9007199254740993n }, { date: '2026-02-28', value: 5n }] },
        { dailyMetric: 'WEBSITE_CLICKS', values: [{ date: '2026-03-01', value: 2n }, { date: '2026-03-03', value: 4n }] },
        { dailyMetric: 'BUSINESS_IMPRESSIONS_MOBILE_MAPS', values: [{ date: '2026-03-01', value: 100n }] },
      ],
      METRIC_COMPONENTS.ACTIONS,
      '2026-03-01',
      '2026-03-03',
    );
    expect(out).toEqual([
      { date: '2026-03-01', totalValue: { value: '9007199254740995' } },
      { date: '2026-03-02', totalValue: { value: '0' } },
      { date: '2026-03-03', totalValue: { value: '4' } },
    ]);
  });

  it('when the keywords month is computed, then it is the previous calendar month, across a year end too', () => {
    expect(lastCompleteMonth(new Date('2026-05-20T00:00:00Z'))).toEqual({ startMonth: '2026-04', endMonth: '2026-04' });
    expect(lastCompleteMonth(new Date('2026-01-01T00:00:00Z'))).toEqual({ startMonth: '2025-12', endMonth: '2025-12' });
  });

  it('when keywords are sorted, then by value (as integers, not text) and the threshold-only ones last', () => {
    const sorted = sortKeywords([
      { keyword: 'b', value: '57', threshold: null },
      { keyword: 'rare', value: null, threshold: '15' },
      { keyword: 'top', value: '1290', threshold: null },
      { keyword: 'a', value: '57', threshold: null },
      { keyword: 'mid', value: '412', threshold: null },
    ]);
    expect(sorted.map((k) => k.keyword)).toEqual(['top', 'mid', 'a', 'b', 'rare']);
    expect(sorted.at(-1)).toEqual({ keyword: 'rare', insightsValue: { threshold: '15' } });
    expect(sorted[0]).toEqual({ keyword: 'top', insightsValue: { value: '1290' } });
  });
});
