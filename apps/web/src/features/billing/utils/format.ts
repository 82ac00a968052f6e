/** The locale for dates and amounts: es-ES (docs/product.md §9), en-GB when the interface is in English. */
export function localeOf(language: string): string {
  return language.startsWith('en') ? 'en-GB' : 'es-ES';
}

/** A date such as "22 de noviembre de 2026"; '' for a missing or invalid date. */
export function formatLongDate(iso: string | null | undefined, language: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(localeOf(language), { day: 'numeric', month: 'long', year: 'numeric' }).format(date);
}

/** A compact date such as "22/11/2026" for tables. */
export function formatShortDate(iso: string | null | undefined, language: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(localeOf(language), { day: '2-digit', month: '2-digit', year: 'numeric' }).format(date);
}

/** An amount with two decimals and its currency: "29,00 €" (docs/product.md §9). */
export function formatMoney(amount: number, currency: string, language: string): string {
  const code = currency ? currency.toUpperCase() : 'EUR';
  try {
    return new Intl.NumberFormat(localeOf(language), {
      style: 'currency',
      currency: code,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(amount);
  } catch {
    // An unknown currency code: the number with two decimals and the code as given.
    return `${new Intl.NumberFormat(localeOf(language), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)} ${code}`;
  }
}

export function formatNumber(n: number, language: string): string {
  return new Intl.NumberFormat(localeOf(language)).format(n);
}
