import type { GbpDailyResponse, GbpKeyword, GbpMetric } from '@rankmaps/shared/schemas/gbp';
import type { DailyMetric, DailyMetricSeries, MonthRange, SearchKeywordCount } from '../../providers/gbp';

// How the product's three metrics are made of Google's daily metrics (docs/decisions.md §20),
// and the pure arithmetic on the series. int64 values stay bigint until
// they leave as strings, so large counts are never rounded.

export const METRIC_COMPONENTS: Record<GbpMetric, readonly DailyMetric[]> = {
  VIEWS: ['BUSINESS_IMPRESSIONS_DESKTOP_MAPS', 'BUSINESS_IMPRESSIONS_DESKTOP_SEARCH', 'BUSINESS_IMPRESSIONS_MOBILE_MAPS', 'BUSINESS_IMPRESSIONS_MOBILE_SEARCH'],
  SEARCHES: ['BUSINESS_IMPRESSIONS_DESKTOP_SEARCH', 'BUSINESS_IMPRESSIONS_MOBILE_SEARCH'],
  ACTIONS: ['CALL_CLICKS', 'WEBSITE_CLICKS', 'BUSINESS_DIRECTION_REQUESTS'],
};

const DAY_MS = 86_400_000;

/** Every day from startDate to endDate, inclusive, 'YYYY-MM-DD'. */
export function eachDay(startDate: string, endDate: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${startDate}T00:00:00Z`), end = Date.parse(`${endDate}T00:00:00Z`); t <= end; t += DAY_MS) {
    out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
}

/**
 * One entry per day of the range: the sum of the component metrics. Days Google left out count
 * as 0; series of other metrics and days outside the range are ignored.
 */
export function sumDailySeries(series: DailyMetricSeries[], components: readonly DailyMetric[], startDate: string, endDate: string): GbpDailyResponse['metricValues'] {
  const totals = new Map<string, bigint>(eachDay(startDate, endDate).map((d) => [d, 0n]));
  const wanted = new Set<string>(components);
  for (const s of series) {
    if (!wanted.has(s.dailyMetric)) continue;
    for (const { date, value } of s.values) {
      const current = totals.get(date);
      if (current !== undefined) totals.set(date, current + value);
    }
  }
  return [...totals].map(([date, total]) => ({ date, totalValue: { value: total.toString() } }));
}

/** The keywords' months: the last complete calendar month before `now` (UTC). */
export function lastCompleteMonth(now: Date): MonthRange {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const month = `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  return { startMonth: month, endMonth: month };
}

const big = (s: string | null) => (s === null ? -1n : BigInt(s));

/** Value descending; keywords with only a threshold after them, by threshold; then alphabetically. */
export function sortKeywords(keywords: SearchKeywordCount[]): GbpKeyword[] {
  return [...keywords]
    .sort((a, b) => {
      const byValue = big(b.value) - big(a.value);
      if (byValue !== 0n) return byValue > 0n ? 1 : -1;
      const byThreshold = big(b.threshold) - big(a.threshold);
      if (byThreshold !== 0n) return byThreshold > 0n ? 1 : -1;
      return a.keyword.localeCompare(b.keyword, 'es');
    })
    .map((k) => ({
      keyword: k.keyword,
      insightsValue: k.value !== null ? { value: k.value } : k.threshold !== null ? { threshold: k.threshold } : {},
    }));
}
