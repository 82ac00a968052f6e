// «Actividad» filters by the days of Spain's mainland (docs/decisions.md §30.5): a day starts
// at midnight in Europe/Madrid, whatever the server's zone. DST moves the clock at 02:00 or
// 03:00, so midnight always exists exactly once.

export const ACTIVITY_TIME_ZONE = 'Europe/Madrid';

const parts = new Intl.DateTimeFormat('en-US', { timeZone: ACTIVITY_TIME_ZONE, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** How far Madrid's clock is ahead of UTC at `at`, in milliseconds. */
function offsetAt(at: number): number {
  const p = Object.fromEntries(parts.formatToParts(new Date(at)).map((x) => [x.type, x.value]));
  return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second)) - Math.floor(at / 1000) * 1000;
}

/** The instant a YYYY-MM-DD day starts in Madrid. */
export function madridDayStart(day: string): Date {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  const guess = utcMidnight - offsetAt(utcMidnight);
  return new Date(utcMidnight - offsetAt(guess));
}

/** The instant the day after a YYYY-MM-DD day starts in Madrid: the end (exclusive) of a `to` filter. */
export function madridDayEnd(day: string): Date {
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return madridDayStart(next);
}
