import { type CampaignSlot, type CampaignTiming, latestCampaignSlot, nextCampaignSlot } from '@rankmaps/shared/campaign-schedule';
import { zonedInstant, wallClock } from '@rankmaps/shared/schedule';
import type { CampaignRow } from './campaigns.repository';

/** A slot missed by more than this (the service was down) is skipped, not run late. */
export const CAMPAIGN_DUE_WINDOW_MS = 6 * 3600 * 1000;

export function timingOf(c: Pick<CampaignRow, 'frequency' | 'day' | 'runOn' | 'hour' | 'weekParity'>): CampaignTiming {
  return { frequency: c.frequency, day: c.day, date: c.runOn, hour: c.hour, weekParity: c.weekParity };
}

/** When the slot's window closes on the place's clock (its end hour of the same day), or null without a window. */
export function windowEnd(c: Pick<CampaignRow, 'windowEnd'>, slot: CampaignSlot, timeZone: string): Date | null {
  if (c.windowEnd === null) return null;
  const w = wallClock(slot.at, timeZone);
  // Hour 24 is midnight at the end of the day: zonedInstant rolls it over.
  return zonedInstant(w.year, w.month, w.day, c.windowEnd, timeZone);
}

/** The slot a scheduler owes at `now` (it has come, within the due window and before its window closes), or null. */
export function dueSlot(c: CampaignRow, now: Date, timeZone: string): CampaignSlot | null {
  const slot = latestCampaignSlot(timingOf(c), now, timeZone, CAMPAIGN_DUE_WINDOW_MS);
  if (!slot) return null;
  const end = windowEnd(c, slot, timeZone);
  if (end && now.getTime() >= end.getTime()) return null;
  return slot;
}

export function nextRunOf(c: Pick<CampaignRow, 'frequency' | 'day' | 'runOn' | 'hour' | 'weekParity'>, now: Date, timeZone: string): Date | null {
  return nextCampaignSlot(timingOf(c), now, timeZone)?.at ?? null;
}
