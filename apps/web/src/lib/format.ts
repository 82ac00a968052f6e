/**
 * How the interface writes numbers, amounts and dates: es-ES (docs/product.md §9), en-GB when the
 * interface is in English. Every screen formats through here, so a figure reads the same
 * on the pricing page, the profile and the analysis.
 */

import { FIGURE_DIGITS, PERCENT_DIGITS } from '@rankmaps/shared/figures';

/** The Intl locale of an interface language. */
export function localeOf(language: string | undefined): string {
  return language?.startsWith('en') ? 'en-GB' : 'es-ES';
}

// Results tables format hundreds of cells per render: one Intl object per option set.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The Intl object for this language and option set, made once and kept in `cache`. */
function kept<F, O>(cache: Map<string, F>, make: (locale: string, options: O) => F, language: string | undefined, options: O): F {
  const locale = localeOf(language);
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = make(locale, options);
    cache.set(key, format);
  }
  return format;
}

const numberFormat = (language: string | undefined, options: Intl.NumberFormatOptions) =>
  kept(numberFormats, (locale, o: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, o), language, options);
const dateFormat = (language: string | undefined, options: Intl.DateTimeFormatOptions) =>
  kept(dateFormats, (locale, o: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, o), language, options);

// ---- Numbers ----

/** A whole count with the language's grouping: '1.234' (Intl's default of up to 3 decimals). */
export function formatCount(n: number, language: string): string {
  return numberFormat(language, {}).format(n);
}

/** A number with at most `digits` decimals in the interface's language ('3,5' in Spanish); metrics take FIGURE_DIGITS (docs/decisions.md §29.3). */
export function formatDecimal(n: number, language: string, digits = FIGURE_DIGITS): string {
  return numberFormat(language, { maximumFractionDigits: digits }).format(n);
}

/** A 0–100 figure as a percentage ('42,5 %' in Spanish, '42.5%' in English), to PERCENT_DIGITS (docs/decisions.md §29.3). */
export function formatPercent(n: number, language: string, digits = PERCENT_DIGITS): string {
  return numberFormat(language, { style: 'percent', maximumFractionDigits: digits }).format(n / 100);
}

/** A rating always with one decimal ('4,0'), as the stars are usually shown. */
export function formatRating(n: number, language: string): string {
  return numberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(n);
}

/** Coordinates to 5 decimals (about a metre), the way maps print them. */
export function formatCoordinates(lat: number, lng: number): string {
  return `${lat.toFixed(5)}, ${lng.toFixed(5)}`;
}

// ---- Money ----

/** Euros in the reader's language: "24 €" in Spanish, "€24" in English. */
export function formatEuro(amount: number, language: string, fractionDigits = 0): string {
  return numberFormat(language, {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(amount);
}

/** An amount with two decimals and its currency: "29,00 €" (docs/product.md §9). */
export function formatMoney(amount: number, currency: string, language: string): string {
  const code = currency ? currency.toUpperCase() : 'EUR';
  try {
    return numberFormat(language, { style: 'currency', currency: code, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
  } catch {
    // An unknown currency code: the number with two decimals and the code as given.
    return `${numberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)} ${code}`;
  }
}

// ---- Dates ----

function validDate(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A date such as "22 de noviembre de 2026"; '' for a missing or invalid date. */
export function formatLongDate(iso: string | null | undefined, language: string): string {
  const date = validDate(iso);
  return date ? dateFormat(language, { day: 'numeric', month: 'long', year: 'numeric' }).format(date) : '';
}

/** A date such as "22 nov 2026" for short notices; '' for a missing or invalid date. */
export function formatMediumDate(iso: string | null | undefined, language: string): string {
  const date = validDate(iso);
  return date ? dateFormat(language, { day: 'numeric', month: 'short', year: 'numeric' }).format(date).replace('.', '') : '';
}

/** A compact date such as "22/11/2026" for tables; '' for a missing or invalid date. */
export function formatShortDate(iso: string | null | undefined, language: string): string {
  const date = validDate(iso);
  return date ? dateFormat(language, { day: '2-digit', month: '2-digit', year: 'numeric' }).format(date) : '';
}

/** '22 nov 2026, 10:05' on the reader's own clock, for when something happened (the bell's notifications); '' for a missing or invalid date. */
export function formatMediumDateTime(iso: string | null | undefined, language: string): string {
  const date = validDate(iso);
  return date ? dateFormat(language, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(date).replace('.', '') : '';
}

/** '12 mar 2025, 10:00' on the place's clock (docs/decisions.md §7). */
export function formatDateTime(iso: string, language: string, timeZone: string): string {
  return dateFormat(language, { timeZone, day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}
