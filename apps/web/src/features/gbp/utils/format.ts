/** A 'YYYY-MM-DD' day formatted in the interface's language; the day is read in UTC so no time zone shifts it. */
export function formatDay(iso: string, locale: string, options: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short' }): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
}
