/**
 * The support team's opening hours and the video-call calendar (docs/support.md
 * «Videollamada», docs/decisions.md §27.3): 30-minute slots inside the hours, read on the
 * wall clock of the team's zone, so a slot is 9:00 in Madrid in winter and in summer alike.
 * Pure, with Intl only: the server validates a booking with the same maths the web lists.
 */
import { wallClock, zonedInstant } from './schedule';
import { timeZoneInWords } from './time-zone-words';

export interface SupportHours {
  /** The team's IANA zone. */
  timeZone: string;
  /** Open days, 0 = Sunday … 6 = Saturday. */
  weekdays: readonly number[];
  /** First hour open (9 = 9:00). */
  openHour: number;
  /** Closing hour (18 = 18:00): the last slot ends then. */
  closeHour: number;
}

/** Monday to Friday, 9:00–18:00 Europe/Madrid: the contact page's hours (SUPPORT_* variables override them). */
export const SUPPORT_HOURS: SupportHours = { timeZone: 'Europe/Madrid', weekdays: [1, 2, 3, 4, 5], openHour: 9, closeHour: 18 };

export const VIDEO_SLOT_MINUTES = 30;
/** How far ahead a video call can be booked. */
export const VIDEO_BOOKING_DAYS = 14;

const SLOT_MS = VIDEO_SLOT_MINUTES * 60_000;
const DAY_MS = 86_400_000;

/** The instant the zone's clock reads year-month-day at `minuteOfDay` (slots start on the hour or at half past). */
function zonedMinute(year: number, month: number, day: number, minuteOfDay: number, timeZone: string): Date {
  const hourStart = zonedInstant(year, month, day, Math.floor(minuteOfDay / 60), timeZone);
  return new Date(hourStart.getTime() + (minuteOfDay % 60) * 60_000);
}

/**
 * Whether `start` begins a slot: an open day, on the hour or at half past, the whole slot
 * inside the hours, in the team's zone. Seconds and milliseconds must be zero.
 */
export function isSlotStart(start: Date, hours: SupportHours = SUPPORT_HOURS): boolean {
  if (Number.isNaN(start.getTime()) || start.getTime() % 60_000 !== 0) return false;
  const w = wallClock(start, hours.timeZone);
  if (!hours.weekdays.includes(w.weekday) || w.minute % VIDEO_SLOT_MINUTES !== 0) return false;
  const minuteOfDay = w.hour * 60 + w.minute;
  if (minuteOfDay < hours.openHour * 60 || minuteOfDay + VIDEO_SLOT_MINUTES > hours.closeHour * 60) return false;
  // A wall time that exists twice or not at all (a DST change inside the hours) must map back to itself.
  return zonedMinute(w.year, w.month, w.day, minuteOfDay, hours.timeZone).getTime() === start.getTime();
}

/** Every slot that starts strictly after `from` and no later than `to`, in order. */
export function slotsBetween(from: Date, to: Date, hours: SupportHours = SUPPORT_HOURS): Date[] {
  const slots: Date[] = [];
  const first = wallClock(from, hours.timeZone);
  // Calendar days of the zone from `from`'s day on; a day is stepped in UTC so no DST shift moves it.
  const firstDay = Date.UTC(first.year, first.month - 1, first.day);
  for (let d = firstDay; ; d += DAY_MS) {
    const day = new Date(d);
    const [y, m, dd] = [day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate()];
    if (zonedMinute(y, m, dd, 0, hours.timeZone).getTime() > to.getTime()) break;
    if (!hours.weekdays.includes(day.getUTCDay())) continue;
    const open = zonedMinute(y, m, dd, hours.openHour * 60, hours.timeZone).getTime();
    const close = zonedMinute(y, m, dd, hours.closeHour * 60, hours.timeZone).getTime();
    // The usual day: no DST change inside the hours, so the slots are plain steps from the
    // opening (two zone lookups a day instead of several a slot). Otherwise each is checked.
    const steady = close - open === (hours.closeHour - hours.openHour) * 3_600_000;
    for (let minute = hours.openHour * 60; minute + VIDEO_SLOT_MINUTES <= hours.closeHour * 60; minute += VIDEO_SLOT_MINUTES) {
      const start = steady ? new Date(open + (minute - hours.openHour * 60) * 60_000) : zonedMinute(y, m, dd, minute, hours.timeZone);
      // A wall time in the spring gap lands on the next hour's slot: it is listed once.
      const last = slots[slots.length - 1];
      if (last && start.getTime() <= last.getTime()) continue;
      if (start.getTime() > from.getTime() && start.getTime() <= to.getTime() && (steady || isSlotStart(start, hours))) slots.push(start);
    }
  }
  return slots;
}

/** The slots a user may book at `now`: the next VIDEO_BOOKING_DAYS days. */
export const bookableSlots = (now: Date, hours: SupportHours = SUPPORT_HOURS) => slotsBetween(now, new Date(now.getTime() + VIDEO_BOOKING_DAYS * DAY_MS), hours);

/** Where a slot ends. */
export const slotEnd = (start: Date) => new Date(start.getTime() + SLOT_MS);

/** Whether `zone` is an IANA time zone this runtime knows ('Europe/Madrid' yes, 'Marte/Olympus' no). */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const DAY_NAMES_ES = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'];

/**
 * The hours in words, for messages and e-mails: «de lunes a viernes, de 9:00 a 18:00 (hora de
 * Europe/Madrid)». Consecutive days read as a range; others are listed.
 */
export function supportHoursEs(hours: SupportHours = SUPPORT_HOURS): string {
  const days = [...hours.weekdays].sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7));
  const consecutive = days.every((d, i) => i === 0 || d === ((days[i - 1]! + 1) % 7));
  const dayText =
    days.length > 2 && consecutive
      ? `de ${DAY_NAMES_ES[days[0]!]} a ${DAY_NAMES_ES[days[days.length - 1]!]}`
      : days.map((d) => DAY_NAMES_ES[d]).join(', ').replace(/, ([^,]*)$/, ' y $1');
  const zone = hours.timeZone === 'Europe/Madrid' ? 'hora de España' : timeZoneInWords(hours.timeZone);
  return `${dayText}, de ${hours.openHour}:00 a ${hours.closeHour}:00 (${zone})`;
}
