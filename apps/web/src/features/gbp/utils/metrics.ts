import type { GbpDailyResponse } from '@rankmaps/shared/schemas/gbp';

/** One day of a metric, ready to chart. */
export interface MetricPoint {
  date: string;
  value: number;
}

const INT_RE = /^-?\d+$/;

/** Google's int64 as a decimal string; anything else (missing, empty, garbage) counts as 0. */
export function parseCount(value: string | null | undefined): bigint {
  return typeof value === 'string' && INT_RE.test(value.trim()) ? BigInt(value.trim()) : 0n;
}

/** The days of a daily response as numbers (a day's count is far below 2^53). */
export function metricPoints(res: GbpDailyResponse | undefined): MetricPoint[] {
  return (res?.metricValues ?? []).map((m) => ({ date: m.date, value: Number(parseCount(m.totalValue.value)) }));
}

/** The window's total, summed as bigint so many large days cannot lose precision before the final conversion. */
export function metricTotal(res: GbpDailyResponse | undefined): number {
  return Number((res?.metricValues ?? []).reduce((sum, m) => sum + parseCount(m.totalValue.value), 0n));
}

/**
 * The change against the previous window, in percent (+25 means a quarter more). Null when the previous
 * window had nothing to compare with (0 → something has no meaningful percentage); 0 when both are 0.
 */
export function trendPercent(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return ((current - previous) / previous) * 100;
}

export type TrendDirection = 'up' | 'down' | 'flat';

/** Up or down once the rounded percentage (one decimal) moves; a change that rounds to 0,0 % is flat. */
export function trendDirection(percent: number): TrendDirection {
  const rounded = Math.round(percent * 10) / 10;
  if (rounded > 0) return 'up';
  if (rounded < 0) return 'down';
  return 'flat';
}

/** '+12,3 %', '−4 %', '0 %' in the interface's language (at most one decimal). */
export function formatTrend(percent: number, locale: string): string {
  const rounded = Math.round(percent * 10) / 10;
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(rounded / 100);
}
