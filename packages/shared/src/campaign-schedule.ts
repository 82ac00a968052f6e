import type { CampaignFrequency } from './schemas/campaigns';
import { wallClock, zonedInstant } from './schedule';

/**
 * When a campaign runs (docs/decisions.md §25.3), on a place's wall clock. Pure, with Intl only,
 * so the scheduler, the forecast and the editor's "next run" agree. A slot has a key that names
 * it whatever the place's zone: two places of one campaign share the round of the same key.
 */
export interface CampaignTiming {
  frequency: CampaignFrequency;
  /** Weekly, biweekly: 0 (Sunday) to 6; monthly: 1 to 28; otherwise null. */
  day: number | null;
  /** Once: 'YYYY-MM-DD'. */
  date: string | null;
  hour: number;
  /** Biweekly: the parity of the week index it runs on (0 or 1), fixed when it is created. */
  weekParity: number;
}

export interface CampaignSlot {
  at: Date;
  key: string;
}

const DAY_MS = 86_400_000;
/** 1970-01-05 was a Monday: week indexes count Monday-started weeks from it. */
const MONDAY_EPOCH_DAYS = 4;

/** The index of the Monday-started week holding the local date (days since 1970-01-01). */
export function weekIndex(epochDays: number): number {
  return Math.floor((epochDays - MONDAY_EPOCH_DAYS) / 7);
}

/** The ISO week key ('2026-W48') of a local date given as days since 1970-01-01. */
function isoWeekKey(epochDays: number): string {
  const d = new Date(epochDays * DAY_MS);
  // ISO weeks belong to the year of their Thursday.
  d.setUTCDate(d.getUTCDate() + 4 - (d.getUTCDay() || 7));
  const week = Math.ceil(((d.getTime() - Date.UTC(d.getUTCFullYear(), 0, 1)) / DAY_MS + 1) / 7);
  return `${d.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** The slot key of a run on a local date, or null when the campaign does not run that day. */
function keyOn(t: CampaignTiming, epochDays: number): string | null {
  const d = new Date(epochDays * DAY_MS);
  const iso = d.toISOString().slice(0, 10);
  switch (t.frequency) {
    case 'once':
      return iso === t.date ? 'once' : null;
    case 'daily':
      return iso;
    case 'weekly':
      return d.getUTCDay() === t.day ? isoWeekKey(epochDays) : null;
    case 'biweekly':
      return d.getUTCDay() === t.day && ((weekIndex(epochDays) % 2) + 2) % 2 === t.weekParity ? isoWeekKey(epochDays) : null;
    case 'monthly':
      return d.getUTCDate() === t.day ? iso.slice(0, 7) : null;
  }
}

function localEpochDays(instant: Date, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  return Math.round(Date.UTC(w.year, w.month - 1, w.day) / DAY_MS);
}

function slotOn(t: CampaignTiming, epochDays: number, timeZone: string): CampaignSlot | null {
  const key = keyOn(t, epochDays);
  if (key === null) return null;
  const d = new Date(epochDays * DAY_MS);
  return { at: zonedInstant(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), t.hour, timeZone), key };
}

/** Every slot with from < at ≤ to, soonest first. */
export function campaignSlotsBetween(t: CampaignTiming, from: Date, to: Date, timeZone: string): CampaignSlot[] {
  const slots: CampaignSlot[] = [];
  // One local day either side covers zones far from UTC and slots near midnight.
  const first = localEpochDays(from, timeZone) - 1;
  const last = localEpochDays(to, timeZone) + 1;
  for (let day = first; day <= last; day++) {
    const slot = slotOn(t, day, timeZone);
    if (slot && slot.at.getTime() > from.getTime() && slot.at.getTime() <= to.getTime()) slots.push(slot);
  }
  return slots;
}

/** The next slot strictly after `now` within a year (a 'once' in the past has none). */
export function nextCampaignSlot(t: CampaignTiming, now: Date, timeZone: string): CampaignSlot | null {
  // Looked for a month at a time, so a daily campaign does not build a year of slots.
  for (let months = 0; months < 13; months++) {
    const from = new Date(now.getTime() + months * 31 * DAY_MS);
    const [slot] = campaignSlotsBetween(t, from, new Date(from.getTime() + 31 * DAY_MS), timeZone);
    if (slot) return slot;
  }
  return null;
}

/** The latest slot at or before `now`, looking back `lookbackMs`: the one a scheduler may still owe. */
export function latestCampaignSlot(t: CampaignTiming, now: Date, timeZone: string, lookbackMs: number): CampaignSlot | null {
  const slots = campaignSlotsBetween(t, new Date(now.getTime() - lookbackMs), new Date(now.getTime()), timeZone);
  return slots.at(-1) ?? null;
}

/** The week parity a new biweekly campaign runs on: that of its weekday's next occurrence, so its first run is the soonest. */
export function firstWeekParity(day: number, hour: number, now: Date, timeZone: string): number {
  const next = nextCampaignSlot({ frequency: 'weekly', day, date: null, hour, weekParity: 0 }, now, timeZone);
  return next ? ((weekIndex(localEpochDays(next.at, timeZone)) % 2) + 2) % 2 : 0;
}
