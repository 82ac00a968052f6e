import { campaignSlotsBetween } from '@rankmaps/shared/campaign-schedule';
import type { CampaignOverlap } from '@rankmaps/shared/schemas/campaigns';
import { wallClock } from '@rankmaps/shared/schedule';
import type { PlannedCampaign } from '../rankmaps/credit-forecast.service';
import { zoneOf } from '../rankmaps/scan/weekly-scans.service';
import { timingOf } from './campaign-timing';
import { campaignName } from './campaigns.presenter';

/** The local days ('YYYY-MM-DD' on the place's clock) a campaign runs between now and the horizon. */
function runDays(p: PlannedCampaign, timeZone: string, now: Date, horizon: Date): Set<string> {
  return new Set(
    campaignSlotsBetween(timingOf(p.campaign), now, horizon, timeZone).map((s) => {
      const w = wallClock(s.at, timeZone);
      return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
    }),
  );
}

/**
 * The draft's keywords that another running campaign (a place's weekly scan included) already
 * scans on the same day of the place's clock, between now and the horizon (docs/decisions.md §25.5):
 * each such run is a second analysis of the same keyword that day, paid again. `points` is each
 * place's valid grid points, the cost of one analysis there.
 */
export function campaignOverlap(draft: PlannedCampaign, others: PlannedCampaign[], points: Map<string, number>, now: Date, horizon: Date): CampaignOverlap {
  const keywords: CampaignOverlap['keywords'] = [];
  for (const target of draft.targets) {
    const zone = zoneOf(target.place);
    const draftDays = runDays(draft, zone, now, horizon);
    const doubled = new Set<string>();
    const names: string[] = [];
    for (const other of others) {
      if (other.campaign.id === draft.campaign.id || !other.targets.some((t) => t.keywordId === target.keywordId)) continue;
      const shared = [...runDays(other, zone, now, horizon)].filter((d) => draftDays.has(d));
      if (shared.length === 0) continue;
      shared.forEach((d) => doubled.add(d));
      names.push(campaignName(other.campaign, other.targets));
    }
    if (doubled.size === 0) continue;
    keywords.push({
      keywordId: target.keywordId,
      keywordName: target.keywordName,
      placeName: target.place.name,
      campaigns: names,
      runs: doubled.size,
      credits: doubled.size * (points.get(target.place.id) ?? 0),
    });
  }
  return { keywords, credits: keywords.reduce((s, k) => s + k.credits, 0) };
}
