import { intlLocale } from './analysis-logic';

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function dateFormat(language: string, timeZone: string): Intl.DateTimeFormat {
  const key = `d|${language}|${timeZone}`;
  let f = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!f) {
    f = new Intl.DateTimeFormat(intlLocale(language), {
      timeZone,
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    });
    cache.set(key, f);
  }
  return f;
}

/** '12 mar 2025, 10:00' on the place's clock (docs/decisions.md §7). */
export function formatDateTime(iso: string, language: string, timeZone: string): string {
  return dateFormat(language, timeZone).format(new Date(iso));
}

function numberFormat(language: string, style: 'decimal' | 'percent', digits: number): Intl.NumberFormat {
  const key = `n|${language}|${style}|${digits}`;
  let f = cache.get(key) as Intl.NumberFormat | undefined;
  if (!f) {
    f = new Intl.NumberFormat(intlLocale(language), { style, maximumFractionDigits: digits });
    cache.set(key, f);
  }
  return f;
}

/** A figure with Spanish separators by default: '4,2'. */
export function formatNumber(value: number, language: string, digits = 1): string {
  return numberFormat(language, 'decimal', digits).format(value);
}

/** A 0-100 percentage as '45,5 %'. */
export function formatPercent(value: number, language: string, digits = 1): string {
  return numberFormat(language, 'percent', digits).format(value / 100);
}
