import { timeZoneInWords } from '@rankmaps/shared/time-zone-words';
import type { Config } from '../../config';

/**
 * The live chat's opening hours (docs/support.md, «Chat en vivo»): CHAT_OPEN_DAYS,
 * CHAT_OPEN_HOURS and CHAT_TIME_ZONE, Monday to Friday 9:00–18:00 Europe/Madrid by default,
 * the contact page's hours. Read in the zone's local time, so the change to summer time moves
 * nothing.
 */
export type ChatHours = Config['chatHours'];

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** The ISO weekday and minutes since local midnight of `at` in `timeZone`. */
function localTime(at: Date, timeZone: string): { weekday: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { weekday: WEEKDAYS[part('weekday')] ?? 0, minute: Number(part('hour')) * 60 + Number(part('minute')) };
}

export function isWithinHours(hours: ChatHours, at: Date = new Date()): boolean {
  const { weekday, minute } = localTime(at, hours.timeZone);
  return hours.days.includes(weekday) && minute >= hours.startMinute && minute < hours.endMinute;
}

const DAY_NAMES = ['', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'];
const clock = (minute: number) => `${Math.floor(minute / 60)}:${String(minute % 60).padStart(2, '0')}`;

/** The days as a Spanish phrase: «de lunes a viernes», «todos los días», «lunes, miércoles y viernes». */
function daysInWords(days: number[]): string {
  if (days.length === 7) return 'todos los días';
  const consecutive = days.every((d, i) => i === 0 || d === days[i - 1]! + 1);
  if (consecutive && days.length > 2) return `de ${DAY_NAMES[days[0]!]} a ${DAY_NAMES[days.at(-1)!]}`;
  const names = days.map((d) => DAY_NAMES[d]!);
  return names.length === 1 ? `los ${names[0]!.endsWith('s') ? names[0] : `${names[0]}s`}` : `${names.slice(0, -1).join(', ')} y ${names.at(-1)}`;
}

/** Spain's zones by their Spanish names; any other zone by its city. */
const ZONE_NAMES: Record<string, string> = { 'Europe/Madrid': 'hora de Madrid', 'Atlantic/Canary': 'hora de Canarias', 'Africa/Ceuta': 'hora de Ceuta' };
const zoneInWords = (timeZone: string) => ZONE_NAMES[timeZone] ?? timeZoneInWords(timeZone);

/** «de lunes a viernes de 9:00 a 18:00 (hora de Madrid)». */
export function hoursInWords(hours: ChatHours): string {
  return `${daysInWords(hours.days)} de ${clock(hours.startMinute)} a ${clock(hours.endMinute)} (${zoneInWords(hours.timeZone)})`;
}
