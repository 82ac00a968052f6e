/**
 * The weekly scan's slot (docs/product.md §4 "Next scan date", docs/decisions.md §7): rankDay (0 = Sunday)
 * at rankHour:00, read on the wall clock of the place's IANA time zone. Pure, with Intl
 * only, so the server's scheduler and the web's countdown agree to the second.
 */

export const DEFAULT_RANK_DAY = 1;
export const DEFAULT_RANK_HOUR = 9;

export interface WallClock {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number; // 0 = Sunday
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall clock in `timeZone` at `instant`. */
export function wallClock(instant: Date, timeZone: string): WallClock {
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(instant)) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS[parts.weekday ?? 'Sun'] ?? 0,
  };
}

/** Minutes the zone is ahead of UTC at `instant`. */
function offsetMinutes(instant: Date, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant the zone's clock reads year-month-day hour:00. Two passes settle the offset
 * across a DST change; an hour that does not exist (the spring gap) lands an hour later.
 */
export function zonedInstant(year: number, month: number, day: number, hour: number, timeZone: string): Date {
  const wall = Date.UTC(year, month - 1, day, hour, 0, 0);
  let guess = new Date(wall - offsetMinutes(new Date(wall), timeZone) * 60_000);
  guess = new Date(wall - offsetMinutes(guess, timeZone) * 60_000);
  return guess;
}

/**
 * The next weekly slot strictly after `now`: rankDay at rankHour:00 in `timeZone`. If today
 * is that day and the hour has come, it is 7 days later.
 */
export function nextWeeklyScan(now: Date, rankDay: number, rankHour: number, timeZone: string): Date {
  const w = wallClock(now, timeZone);
  const ahead = (rankDay - w.weekday + 7) % 7;
  const date = new Date(Date.UTC(w.year, w.month - 1, w.day + ahead));
  const slot = zonedInstant(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), rankHour, timeZone);
  if (slot.getTime() > now.getTime()) return slot;
  const later = new Date(Date.UTC(w.year, w.month - 1, w.day + ahead + 7));
  return zonedInstant(later.getUTCFullYear(), later.getUTCMonth() + 1, later.getUTCDate(), rankHour, timeZone);
}

/** The latest weekly slot at or before `now`: the one a scheduler may still owe. */
export function previousWeeklyScan(now: Date, rankDay: number, rankHour: number, timeZone: string): Date {
  const next = nextWeeklyScan(now, rankDay, rankHour, timeZone);
  const w = wallClock(next, timeZone);
  const prior = new Date(Date.UTC(w.year, w.month - 1, w.day - 7));
  return zonedInstant(prior.getUTCFullYear(), prior.getUTCMonth() + 1, prior.getUTCDate(), rankHour, timeZone);
}

/** A countdown split into days, hours and minutes (rounded up to the minute); null at or past zero. */
export function countdown(msLeft: number): { days: number; hours: number; minutes: number } | null {
  if (msLeft <= 0) return null;
  const totalMinutes = Math.ceil(msLeft / 60_000);
  return { days: Math.floor(totalMinutes / 1440), hours: Math.floor((totalMinutes % 1440) / 60), minutes: totalMinutes % 60 };
}
