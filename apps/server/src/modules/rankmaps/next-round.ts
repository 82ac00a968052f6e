import { nextRunOf } from '../campaigns/campaign-timing';
import type { RunningCampaignTiming } from '../keywords/keywords.repository';

/** A keyword's next round: when, and the custom campaign that runs it (null for its place's weekly scan). */
export interface NextRound {
  at: Date;
  campaignName: string | null;
}

/**
 * The round that runs a keyword next (docs/decisions.md §25.5): its place's weekly scan (`weekly`,
 * null when off) or one of the running custom campaigns that hold it, each on its own slot,
 * whichever comes first. The weekly scan wins a tie: it is the one the place's card announces.
 */
export function nextRoundOf(weekly: Date | null, campaigns: RunningCampaignTiming[], timeZone: string, now: Date): NextRound | null {
  let next: NextRound | null = weekly ? { at: weekly, campaignName: null } : null;
  for (const c of campaigns) {
    const at = nextRunOf(c, now, timeZone);
    if (at && (!next || at.getTime() < next.at.getTime())) next = { at, campaignName: c.name ?? '' };
  }
  return next;
}
