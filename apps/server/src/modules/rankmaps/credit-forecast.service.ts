import { campaignSlotsBetween } from '@rankmaps/shared/campaign-schedule';
import { FORECAST_DAYS, type CreditForecastResponse } from '@rankmaps/shared/schemas/credit-forecast';
import type { Container } from '../../container';
import { getPlanState } from '../billing/billing.service';
import { timingOf } from '../campaigns/campaign-timing';
import { type CampaignRow, type CampaignTarget, campaignsRepository } from '../campaigns/campaigns.repository';
import { type CreditForecast, type CreditGrant, type ScheduledWork, forecastCredits } from './credit-forecast';
import { creditForecastRepository } from './credit-forecast.repository';
import { nextCreditGrant } from './credit-grants.service';
import { gridSnapshotOf } from './scan/scan-snapshot.service';
import { aiRoundPlanner } from '../ai-visibility/ai-rounds.service';
import { zoneOf } from './scan/weekly-scans.service';
import { placesRepository } from '../places/places.repository';
import { type Scope, wholeWorkspace } from '../workspaces/scope';

type ForecastContainer = Pick<Container, 'config' | 'database' | 'log' | 'prices' | 'seaIndex'>;

export interface UserForecast extends CreditForecast {
  billing: CreditForecastResponse['billing'];
  nextGrant: CreditGrant | null;
}

/** A campaign as it will run: its row and its targets (the editor's preview passes a draft here). */
export interface PlannedCampaign {
  campaign: CampaignRow;
  targets: CampaignTarget[];
}

/** The user's running campaigns (every place's weekly scan is one) with their keywords. */
export async function plannedCampaigns(container: Pick<Container, 'database'>, userId: string): Promise<PlannedCampaign[]> {
  const db = container.database.db;
  const runnable = await campaignsRepository.listRunnable(db, userId);
  const targets = await campaignsRepository.targets(db, { campaignIds: runnable.map((c) => c.id) });
  return runnable.map((campaign) => ({ campaign, targets: targets.filter((t) => t.campaignId === campaign.id) }));
}

/**
 * The rounds the campaigns will run between now and the horizon, one entry per campaign, slot and
 * place, each analysis costing its valid grid points (the same gridSnapshotOf the scan counts).
 */
export async function campaignWork(container: ForecastContainer, planned: PlannedCampaign[], now: Date, horizon: Date): Promise<ScheduledWork[]> {
  const points = new Map<string, number>();
  const work: ScheduledWork[] = [];
  const aiPlans = aiRoundPlanner(container);
  for (const { campaign, targets } of planned) {
    const byPlace = new Map<string, CampaignTarget[]>();
    for (const t of targets) byPlace.set(t.place.id, [...(byPlace.get(t.place.id) ?? []), t]);
    const isPlaceScan = campaign.placeId !== null;
    for (const [placeId, list] of byPlace) {
      const place = list[0]!.place;
      let cost = points.get(placeId);
      if (cost === undefined) points.set(placeId, (cost = (await gridSnapshotOf(container, place)).points.length));
      if (cost === 0) continue;
      // A round's AI analysis of each keyword adds its credits (docs/decisions.md §31.16); AI is paid in credits only.
      const aiCost = campaign.ai ? (await aiPlans(place, campaign.ai)).credits : 0;
      const zone = zoneOf(place);
      for (const slot of campaignSlotsBetween(timingOf(campaign), now, horizon, zone)) {
        work.push({
          kind: isPlaceScan ? 'weekly' : 'campaign',
          placeId,
          placeName: place.name,
          timeZone: zone,
          at: slot.at,
          analysisCosts: Array<number>(list.length).fill(cost + aiCost),
          ref: isPlaceScan ? slot.key : `${campaign.id}:${slot.key}`,
          campaignId: campaign.id,
          campaignName: campaign.name ?? place.name,
          ...(isPlaceScan ? {} : { allOrNothingGroup: `${campaign.id}:${slot.key}` }),
        });
      }
    }
  }
  return work;
}

/**
 * The user's scheduled work of the next `days` and what it costs (docs/decisions.md §23.4 and
 * docs/decisions.md §25.4): every campaign round (a place's weekly scan too) and the analyses scheduled to start
 * in that time, against the credits now and the next monthly grant. Only pro plans pay credits;
 * a basic plan's weekly scans are part of the plan, so its forecast is empty. `planned` replaces
 * the user's campaigns (the editor's "after" preview).
 */
export async function userForecast(container: ForecastContainer, userId: string, now = new Date(), days = FORECAST_DAYS, planned?: PlannedCampaign[]): Promise<UserForecast> {
  const plan = await getPlanState(container, userId);
  const available = plan.subscriptionCredits + plan.extraCredits;
  if (plan.planLimits.type !== 'pro') {
    const billing = plan.planLimits.type === 'basic' ? 'plan' : 'none';
    return { billing, available, needed: 0, shortfall: 0, rounds: [], runsOutAt: null, nextGrant: null };
  }
  const db = container.database.db;
  const horizon = new Date(now.getTime() + days * 86_400_000);
  const [campaigns, scheduled, nextGrant] = await Promise.all([
    planned ?? plannedCampaigns(container, userId),
    creditForecastRepository.scheduledToPay(db, userId, now, horizon),
    nextCreditGrant(container, userId, now),
  ]);
  const work = await campaignWork(container, campaigns, now, horizon);
  for (const s of scheduled) {
    if (!s.scheduledFor) continue;
    work.push({ kind: 'scheduled', placeId: s.placeId, placeName: s.placeName, timeZone: zoneOf(s), at: s.scheduledFor, analysisCosts: [s.totalPoints], ref: s.id });
  }
  const grants = nextGrant ? [nextGrant] : [];
  return { billing: 'credits', nextGrant, ...forecastCredits(work, { subscription: plan.subscriptionCredits, extra: plan.extraCredits }, now, days, grants) };
}

export function presentForecast(f: UserForecast): CreditForecastResponse {
  return {
    billing: f.billing,
    available: f.available,
    needed: f.needed,
    shortfall: f.shortfall,
    rounds: f.rounds.map((r) => ({
      kind: r.kind,
      campaignName: r.kind === 'campaign' ? (r.campaignName ?? null) : null,
      placeId: r.placeId,
      placeName: r.placeName,
      at: r.at.toISOString(),
      analyses: r.analysisCosts.length,
      credits: r.credits,
      availableBefore: r.availableBefore,
      skippedAnalyses: r.skippedAnalyses,
    })),
  };
}

export async function creditForecast(container: ForecastContainer, scope: Scope): Promise<CreditForecastResponse> {
  return presentForecast(await namedInScope(container, scope, await userForecast(container, scope.workspaceId)));
}

/**
 * A forecast as a Miembro or a Cliente may read it (docs/decisions.md §30.6): the figures are the
 * workspace's (its credits pay for every round), but only the rounds of their businesses, and
 * of campaigns they see, are listed by name. The whole workspace gets it as it is.
 */
export async function namedInScope<F extends { rounds: ScheduledWork[] }>(container: Pick<Container, 'database'>, scope: Scope, forecast: F): Promise<F> {
  if (scope.clientIds === null) return forecast;
  const db = container.database.db;
  const [places, seen, all] = await Promise.all([placesRepository.listCards(db, scope), campaignsRepository.listOwned(db, scope), campaignsRepository.listOwned(db, wholeWorkspace(scope.workspaceId))]);
  const placeIds = new Set(places.map((p) => p.id));
  const seenIds = new Set(seen.map((c) => c.id));
  const hiddenCampaigns = new Set(all.filter((c) => !seenIds.has(c.id)).map((c) => c.id));
  return { ...forecast, rounds: forecast.rounds.filter((r) => placeIds.has(r.placeId) && !(r.campaignId && hiddenCampaigns.has(r.campaignId))) };
}
