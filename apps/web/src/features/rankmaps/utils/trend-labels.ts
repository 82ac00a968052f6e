/**
 * The x-axis labels of the trend: '25 nov', or '25 nov, 9:30' for every analysis that shares
 * its day with another one, so two analyses of one day can be told apart. Days and times are
 * those of the place's time zone, like the analyses list beside the chart.
 */
export function trendLabels(dates: readonly string[], locale: string, timeZone: string): string[] {
  const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone });
  const dayAndTime = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit', timeZone });
  const days = dates.map((d) => day.format(new Date(d)));
  const perDay = new Map<string, number>();
  for (const d of days) perDay.set(d, (perDay.get(d) ?? 0) + 1);
  return dates.map((d, i) => ((perDay.get(days[i]!) ?? 0) > 1 ? dayAndTime.format(new Date(d)) : days[i]!));
}
