import { GBP_STATS_WINDOW_DAYS } from '@rankmaps/shared/schemas/gbp';

/** An inclusive range of calendar days, 'YYYY-MM-DD' (what GET /gbp/performance/daily takes). */
export interface DateRange {
  startDate: string;
  endDate: string;
}

/** The statistics window and the one before it, to compare against (docs/product.md §9). */
export interface StatsWindows {
  current: DateRange;
  previous: DateRange;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The user's calendar day of `d`, 'YYYY-MM-DD' (local time: "yesterday" is the user's yesterday). */
export function localIsoDate(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** `iso` moved by `days` calendar days. Done in UTC, so a daylight-saving change cannot skip or repeat a day. */
export function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The 720-hour window of docs/product.md §9: the last 30 complete days, ending yesterday (today has no figures yet),
 * and the 30 days just before it for the trend.
 */
export function statsWindows(now: Date, days: number = GBP_STATS_WINDOW_DAYS): StatsWindows {
  const endDate = addDays(localIsoDate(now), -1);
  const startDate = addDays(endDate, -(days - 1));
  const previousEnd = addDays(startDate, -1);
  return {
    current: { startDate, endDate },
    previous: { startDate: addDays(previousEnd, -(days - 1)), endDate: previousEnd },
  };
}
