import { CAMPAIGN_FORECAST_DAYS, CAMPAIGN_NOT_FOUND, type CampaignFields, type CampaignForecast, type CampaignPreview, type ForecastLine } from '@rankmaps/shared/schemas/campaigns';
import type { Container } from '../../container';
import { badRequest, forbidden, notFound } from '../../errors';
import { isUuid } from '../../lib/uuid';
import { getPlanState } from '../billing/billing.service';
import { campaignsUpgradeMessage } from '../billing/upgrade-messages';
import { type PlannedCampaign, type UserForecast, namedInScope, plannedCampaigns, userForecast } from '../rankmaps/credit-forecast.service';
import { zoneOf } from '../rankmaps/scan/weekly-scans.service';
import { campaignOverlap } from './campaign-overlap';
import { roundMinutes } from './campaign-rules';
import { nextRunOf } from './campaign-timing';
import { type CampaignRow, campaignsRepository } from './campaigns.repository';
import { PLACE_SCAN_IS_EDITED_ON_ITS_CARD, aiCreditsByPlace, checkedDraft } from './campaigns.service';
import type { Scope } from '../workspaces/scope';

type ForecastContainer = Pick<Container, 'config' | 'database' | 'log' | 'prices' | 'seaIndex'>;

/** One line per key, its runs (distinct rounds) and credits, dearest first. */
function lines(f: UserForecast, keyOf: (r: UserForecast['rounds'][number]) => { id: string; name: string }): ForecastLine[] {
  const byKey = new Map<string, { id: string; name: string; runs: Set<string>; credits: number }>();
  for (const r of f.rounds) {
    const { id, name } = keyOf(r);
    const line = byKey.get(id) ?? { id, name, runs: new Set<string>(), credits: 0 };
    line.runs.add(`${r.ref}|${r.at.toISOString()}`);
    line.credits += r.credits;
    byKey.set(id, line);
  }
  return [...byKey.values()].map((l) => ({ id: l.id, name: l.name, runs: l.runs.size, credits: l.credits })).sort((a, b) => b.credits - a.credits || a.name.localeCompare(b.name, 'es'));
}

export function presentCampaignForecast(f: UserForecast, days: number): CampaignForecast {
  return {
    billing: f.billing,
    days,
    available: f.available,
    nextGrant: f.nextGrant ? { at: f.nextGrant.at.toISOString(), credits: f.nextGrant.credits } : null,
    needed: f.needed,
    shortfall: f.shortfall,
    runsOutAt: f.runsOutAt?.toISOString() ?? null,
    byCampaign: lines(f, (r) => (r.kind === 'scheduled' ? { id: 'scheduled', name: 'Análisis programados' } : { id: r.campaignId ?? r.placeId, name: r.kind === 'weekly' ? `Escaneo semanal · ${r.placeName}` : (r.campaignName ?? '') })),
    byPlace: lines(f, (r) => ({ id: r.placeId, name: r.placeName })),
  };
}

/** The credits the scheduled work of the next 30 days will use (docs/decisions.md §25.4), by campaign and by place. */
export async function campaignForecast(container: ForecastContainer, scope: Scope, now = new Date()): Promise<CampaignForecast> {
  const forecast = await userForecast(container, scope.workspaceId, now, CAMPAIGN_FORECAST_DAYS);
  return presentCampaignForecast(await namedInScope(container, scope, forecast), CAMPAIGN_FORECAST_DAYS);
}

/**
 * What saving the editor's fields would change (docs/decisions.md §25.4): the round's size, cost
 * and duration, whether it fits its window, its next run, and the 30-day forecast before and
 * after, with the campaign being edited (`id`) replaced by the draft. Nothing is stored.
 */
export async function previewCampaign(container: ForecastContainer, scope: Scope, id: string | null, fields: CampaignFields, now = new Date()): Promise<CampaignPreview> {
  const userId = scope.workspaceId;
  const plan = await getPlanState(container, userId);
  if (plan.planLimits.type !== 'pro') throw forbidden(campaignsUpgradeMessage(plan.currentPlan), 'UPGRADE_REQUIRED', 'upgrade_required');
  const planned = await plannedCampaigns(container, userId);
  if (id !== null) {
    const existing = isUuid(id) ? await campaignsRepository.findOwned(container.database.db, userId, id) : undefined;
    if (!existing) throw notFound(CAMPAIGN_NOT_FOUND, 'CAMPAIGN_NOT_FOUND');
    if (existing.placeId) throw badRequest(PLACE_SCAN_IS_EDITED_ON_ITS_CARD, 'PLACE_SCAN_NOT_EDITABLE');
  }
  const draft = await checkedDraft(container, userId, fields, now);
  const draftId = id ?? 'draft';
  const row: CampaignRow = {
    id: draftId,
    userId,
    placeId: null,
    active: true,
    pausedReason: null,
    pausedAt: null,
    scheduleDefault: false,
    createdAt: now,
    updatedAt: now,
    name: null,
    day: null,
    runOn: null,
    windowStart: null,
    windowEnd: null,
    weekParity: 0,
    ...draft.values,
    ai: draft.values.ai ?? null,
  };
  const others = planned.filter((p) => p.campaign.id !== draftId);
  const drafted: PlannedCampaign = { campaign: row, targets: draft.targets.map((t) => ({ ...t, campaignId: draftId })) };
  const after = [...others, drafted];
  const [beforeF, afterF] = await Promise.all([
    userForecast(container, userId, now, CAMPAIGN_FORECAST_DAYS, planned),
    userForecast(container, userId, now, CAMPAIGN_FORECAST_DAYS, after),
  ]);
  const overlap = campaignOverlap(drafted, others, draft.points, now, new Date(now.getTime() + CAMPAIGN_FORECAST_DAYS * 86_400_000));
  const totalPoints = draft.targets.reduce((s, t) => s + (draft.points.get(t.place.id) ?? 0), 0);
  const runs = [...new Set(draft.targets.map((t) => zoneOf(t.place)))].map((z) => nextRunOf(row, now, z)).filter((d): d is Date => d !== null);
  return {
    roundAnalyses: draft.targets.length,
    roundCredits: totalPoints,
    roundAiCredits: [...(await aiCreditsByPlace(container, draft.values.ai, draft.targets)).entries()].reduce((sum, [placeId, c]) => sum + c * draft.targets.filter((t) => t.place.id === placeId).length, 0),
    roundMinutes: roundMinutes(totalPoints, container.config.mapsSearch.rateLimitPerMinute),
    problem: draft.problem,
    nextRun: runs.length > 0 ? new Date(Math.min(...runs.map((d) => d.getTime()))).toISOString() : null,
    before: presentCampaignForecast(await namedInScope(container, scope, beforeF), CAMPAIGN_FORECAST_DAYS),
    after: presentCampaignForecast(await namedInScope(container, scope, afterF), CAMPAIGN_FORECAST_DAYS),
    overlap,
  };
}
