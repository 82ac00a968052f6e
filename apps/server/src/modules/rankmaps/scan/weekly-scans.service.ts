import { LRUCache } from 'lru-cache';
import { nextWeeklyScan, wallClock } from '@rankmaps/shared/schedule';
import type { PlaceSchedule } from '../../places/place-schedule';

// A place's weekly scan (docs/product.md §4) is its own campaign since docs/decisions.md §25.3; the
// campaign scheduler queues it. What is left here is its slot maths, which the cards and mails share.

const FALLBACK_TIME_ZONE = 'Europe/Madrid';

/** The ISO week ('2026-W47') of the slot's date on the place's wall clock: one weekly scan per week. */
export function weeklySlotKey(slot: Date, timeZone: string): string {
  const w = wallClock(slot, timeZone);
  const d = new Date(Date.UTC(w.year, w.month - 1, w.day));
  // ISO weeks belong to the year of their Thursday.
  d.setUTCDate(d.getUTCDate() + 4 - (d.getUTCDay() || 7));
  const week = Math.ceil(((d.getTime() - Date.UTC(d.getUTCFullYear(), 0, 1)) / 86_400_000 + 1) / 7);
  return `${d.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

type Schedule = Pick<PlaceSchedule, 'rankDay' | 'rankHour'> & { timeZone: string };

/** Zones already checked: building a formatter to test one costs more than the slot maths. */
const knownZones = new Map<string, boolean>();

/** The place's zone, or Madrid's if the stored one is not a zone Intl knows. */
export function zoneOf(place: { timeZone: string }): string {
  let valid = knownZones.get(place.timeZone);
  if (valid === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: place.timeZone });
      valid = true;
    } catch {
      valid = false;
    }
    // Zones are a few hundred names; anything else is not worth remembering.
    if (knownZones.size < 1000) knownZones.set(place.timeZone, valid);
  }
  return valid ? place.timeZone : FALLBACK_TIME_ZONE;
}

/**
 * Next slots already worked out, by day, hour and zone: `slot` is the first one strictly after
 * `from`, so it is the answer for any `now` in [from, slot) (the slots are the same instants
 * whatever the time of asking). Every analyses list asks, and the Intl wall-clock maths cost
 * more than the rest of the entry.
 */
const nextSlots = new LRUCache<string, { from: number; slot: number }>({ max: 1000 });

/** When the place's next weekly scan is due (docs/product.md §4 "Next scan date"). */
export function nextWeeklySlot(now: Date, place: Schedule): Date {
  const zone = zoneOf(place);
  const key = `${place.rankDay} ${place.rankHour} ${zone}`;
  const t = now.getTime();
  const kept = nextSlots.get(key);
  if (kept && kept.from <= t && t < kept.slot) return new Date(kept.slot);
  const slot = nextWeeklyScan(now, place.rankDay, place.rankHour, zone);
  nextSlots.set(key, { from: t, slot: slot.getTime() });
  return slot;
}
