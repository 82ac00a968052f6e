import type { Campaign, CampaignRound } from '@rankmaps/shared/schemas/campaigns';
import { zoneOf } from '../rankmaps/scan/weekly-scans.service';
import { pausedReasonText } from './campaign-pause.service';
import { nextRunOf } from './campaign-timing';
import type { CampaignRow, CampaignTarget, campaignsRepository } from './campaigns.repository';

type RoundProgress = Awaited<ReturnType<typeof campaignsRepository.roundsWithProgress>>[number];

export function presentRound(r: RoundProgress): CampaignRound {
  const finished = r.completed + r.failed;
  const status: CampaignRound['status'] =
    r.skippedReason !== null ? 'failed' : finished < r.analyses ? 'running' : r.failed === 0 ? 'completed' : r.completed === 0 ? 'failed' : 'partial';
  return { id: r.id, slot: r.slot, scheduledFor: r.scheduledFor.toISOString(), status, analyses: r.analyses, completed: r.completed, failed: r.failed, credits: r.credits };
}

/** The name a campaign shows: its own, or «Escaneo semanal · place» for a place's weekly scan. */
export function campaignName(c: CampaignRow, targets: CampaignTarget[], placeName?: string): string {
  if (c.name) return c.name;
  return `Escaneo semanal · ${placeName ?? targets[0]?.place.name ?? ''}`.trim();
}

/**
 * A campaign as the list and the editor show it: its places (with how many of its keywords each),
 * what one round costs (`pointsOf`: each place's valid grid points), its next run and last round.
 */
export function presentCampaign(
  c: CampaignRow,
  targets: CampaignTarget[],
  pointsOf: Map<string, number>,
  lastRound: RoundProgress | undefined,
  now: Date,
  placeName?: string,
  /** Credits of one keyword's AI analysis at each place (docs/decisions.md §31.16); empty when AI is off. */
  aiCreditsOf: Map<string, number> = new Map(),
): Campaign {
  const places = new Map<string, { id: string; name: string; timeZone: string; keywords: number }>();
  for (const t of targets) {
    const entry = places.get(t.place.id) ?? { id: t.place.id, name: t.place.name, timeZone: zoneOf(t.place), keywords: 0 };
    entry.keywords++;
    places.set(t.place.id, entry);
  }
  const zones = [...new Set([...places.values()].map((p) => p.timeZone))];
  const runs = c.active && !c.pausedReason ? (zones.length > 0 ? zones : ['Europe/Madrid']).map((z) => nextRunOf(c, now, z)).filter((d): d is Date => d !== null) : [];
  const nextRun = runs.length > 0 ? new Date(Math.min(...runs.map((d) => d.getTime()))) : null;
  const once = c.frequency === 'once' && nextRun === null && lastRound !== undefined;
  return {
    id: c.id,
    kind: c.placeId ? 'place' : 'custom',
    name: campaignName(c, targets, placeName),
    frequency: c.frequency,
    day: c.day,
    date: c.runOn,
    hour: c.hour,
    window: c.windowStart !== null && c.windowEnd !== null ? { start: c.windowStart, end: c.windowEnd } : null,
    state: once ? 'done' : c.active && !c.pausedReason ? 'active' : 'paused',
    pausedReason: c.active ? pausedReasonText(c.pausedReason) : c.placeId ? 'Escaneos semanales desactivados.' : 'Pausada.',
    pausedAt: c.pausedAt?.toISOString() ?? null,
    places: [...places.values()],
    keywordIds: targets.map((t) => t.keywordId),
    roundAnalyses: targets.length,
    roundCredits: targets.reduce((s, t) => s + (pointsOf.get(t.place.id) ?? 0), 0),
    ai: c.ai ? { engines: [...c.ai.engines], gridSize: c.ai.gridSize, samples: c.ai.samples } : null,
    roundAiCredits: c.ai ? targets.reduce((s, t) => s + (aiCreditsOf.get(t.place.id) ?? 0), 0) : 0,
    nextRun: nextRun?.toISOString() ?? null,
    lastRound: lastRound ? presentRound(lastRound) : null,
    createdAt: c.createdAt.toISOString(),
  };
}
