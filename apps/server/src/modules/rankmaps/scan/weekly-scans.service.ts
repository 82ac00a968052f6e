import { randomUUID } from 'node:crypto';
import { nextWeeklyScan, previousWeeklyScan, wallClock } from '@rankmaps/shared/schedule';
import type { Container } from '../../../container';
import { sendScanJob } from '../../../jobs/definitions/rankmap-scan';
import { getPlanState } from '../../billing/billing.service';
import { type KeywordWithPlace, keywordsRepository } from '../../keywords/keywords.repository';
import { rankMapsRepository } from '../rankmaps.repository';
import { gridSnapshotOf, targetOf } from './scan-snapshot.service';

/** A slot missed by more than this (the service was down) is skipped, not run late. */
export const WEEKLY_DUE_WINDOW_MS = 6 * 3600 * 1000;
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

type Schedule = Pick<KeywordWithPlace['place'], 'rankDay' | 'rankHour' | 'timeZone'>;

/** Zones already checked: building a formatter to test one costs more than the slot maths. */
const knownZones = new Map<string, boolean>();

/** The place's zone, or Madrid's if the stored one is not a zone Intl knows. */
export function zoneOf(place: Schedule): string {
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

/** When the place's next weekly scan is due (docs/product.md §4 "Next scan date"). */
export function nextWeeklySlot(now: Date, place: Schedule): Date {
  return nextWeeklyScan(now, place.rankDay, place.rankHour, zoneOf(place));
}

function latestSlot(now: Date, place: Schedule): { at: Date; key: string } {
  const zone = zoneOf(place);
  const at = previousWeeklyScan(now, place.rankDay, place.rankHour, zone);
  return { at, key: weeklySlotKey(at, zone) };
}

interface DueScan {
  item: KeywordWithPlace;
  at: Date;
  key: string;
}

/** Keywords whose latest weekly slot has come within the window, and existed at it. */
function dueScans(items: KeywordWithPlace[], now: Date): DueScan[] {
  const due: DueScan[] = [];
  for (const item of items) {
    const { at, key } = latestSlot(now, item.place);
    if (now.getTime() - at.getTime() > WEEKLY_DUE_WINDOW_MS) continue;
    if (item.place.createdAt > at || item.keyword.createdAt > at) continue;
    due.push({ item, at, key });
  }
  return due;
}

/**
 * Queues the weekly scan of every keyword whose place's slot is due (rankDay at rankHour in
 * the place's time zone). The unique (keyword, weekly slot) key makes each slot run once,
 * whatever the number of workers and restarts: the insert does nothing the second time, and
 * the job is queued only with a new row, in its transaction. Basic plans get the scan as
 * part of the plan; pro plans pay its credits when it starts.
 */
export async function enqueueDueWeeklyScans(container: Pick<Container, 'boss' | 'config' | 'database' | 'log' | 'seaIndex'>, now: Date = new Date()): Promise<number> {
  const db = container.database.db;
  let due = dueScans(await keywordsRepository.listWithWeeklyScans(db), now);
  if (due.length === 0) return 0;
  const existing = await rankMapsRepository.existingWeeklySlots(db, [...new Set(due.map((d) => d.item.keyword.id))], [...new Set(due.map((d) => d.key))]);
  due = due.filter((d) => !existing.has(`${d.item.keyword.id}|${d.key}`));

  const plans = new Map<string, Awaited<ReturnType<typeof getPlanState>>>();
  const grids = new Map<string, Awaited<ReturnType<typeof gridSnapshotOf>>>();
  let queued = 0;
  for (const { item, at, key } of due) {
    const { keyword, place } = item;
    let plan = plans.get(place.userId);
    if (!plan) plans.set(place.userId, (plan = await getPlanState(container, place.userId)));
    if (plan.planLimits.type === 'free' || plan.planLimits.weeklyScans === 0) continue;
    let grid = grids.get(place.id);
    if (!grid) grids.set(place.id, (grid = await gridSnapshotOf(container, place)));
    if (grid.points.length === 0) continue;
    const jobId = randomUUID();
    const inserted = await db.transaction(async (tx) => {
      const row = await rankMapsRepository.insertWeekly(tx, {
        keywordId: keyword.id,
        placeId: place.id,
        userId: place.userId,
        query: keyword.name,
        kind: 'weekly',
        scheduledFor: at,
        weeklySlot: key,
        billing: plan.planLimits.type === 'pro' ? 'credits' : 'plan',
        provider: container.config.mapsSearch.provider,
        grid,
        target: targetOf(place),
        totalPoints: grid.points.length,
        jobId,
      });
      if (row) await sendScanJob(container.boss, tx, row.id, { jobId });
      return Boolean(row);
    });
    if (inserted) queued++;
  }
  return queued;
}
