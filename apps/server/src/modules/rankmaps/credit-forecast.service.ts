import { FORECAST_DAYS, type CreditForecastResponse } from '@rankmaps/shared/schemas/credit-forecast';
import type { Container } from '../../container';
import { getPlanState } from '../billing/billing.service';
import { type CreditForecast, type ScheduledWork, forecastCredits } from './credit-forecast';
import { creditForecastRepository } from './credit-forecast.repository';
import { gridSnapshotOf } from './scan/scan-snapshot.service';
import { nextWeeklySlot, weeklySlotKey, zoneOf } from './scan/weekly-scans.service';

export interface UserForecast extends CreditForecast {
  billing: CreditForecastResponse['billing'];
}

/**
 * The user's scheduled work of the next 7 days and what it costs (docs/decisions.md §23.4):
 * each place with weekly scans on runs every keyword at its next slot, each analysis costing
 * its valid grid points (the same gridSnapshotOf the scan and «Nuevo análisis» count), and
 * the analyses scheduled to start in that time. Only pro plans pay credits; a basic plan's
 * weekly scans are part of the plan (not counted against its monthly scans), so nothing of it
 * is skipped for credits and its forecast is empty.
 */
export async function userForecast(container: Pick<Container, 'config' | 'database' | 'log' | 'seaIndex'>, userId: string, now = new Date()): Promise<UserForecast> {
  const plan = await getPlanState(container, userId);
  const available = plan.subscriptionCredits + plan.extraCredits;
  if (plan.planLimits.type !== 'pro') {
    const billing = plan.planLimits.type === 'basic' ? 'plan' : 'none';
    return { billing, available, needed: 0, shortfall: 0, rounds: [] };
  }
  const db = container.database.db;
  const horizon = new Date(now.getTime() + FORECAST_DAYS * 86_400_000);
  const [weekly, scheduled] = await Promise.all([creditForecastRepository.weeklyPlaces(db, userId), creditForecastRepository.scheduledToPay(db, userId, now, horizon)]);
  const work: ScheduledWork[] = [];
  for (const { place, keywords } of weekly) {
    if (keywords === 0) continue;
    const grid = await gridSnapshotOf(container, place);
    if (grid.points.length === 0) continue;
    const at = nextWeeklySlot(now, place);
    work.push({ kind: 'weekly', placeId: place.id, placeName: place.name, timeZone: zoneOf(place), at, analysisCosts: Array<number>(keywords).fill(grid.points.length), ref: weeklySlotKey(at, zoneOf(place)) });
  }
  for (const s of scheduled) {
    if (!s.scheduledFor) continue;
    work.push({ kind: 'scheduled', placeId: s.placeId, placeName: s.placeName, timeZone: zoneOf(s), at: s.scheduledFor, analysisCosts: [s.totalPoints], ref: s.id });
  }
  return { billing: 'credits', ...forecastCredits(work, available, now, FORECAST_DAYS) };
}

export function presentForecast(f: UserForecast): CreditForecastResponse {
  return {
    billing: f.billing,
    available: f.available,
    needed: f.needed,
    shortfall: f.shortfall,
    rounds: f.rounds.map((r) => ({
      kind: r.kind,
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

export async function creditForecast(container: Pick<Container, 'config' | 'database' | 'log' | 'seaIndex'>, userId: string): Promise<CreditForecastResponse> {
  return presentForecast(await userForecast(container, userId));
}
