import { wallClock, zonedInstant } from '@rankmaps/shared/schedule';
import type { Container } from '../../container';
import { sendReportEmailJob } from '../../jobs/definitions/report-email';
import { rankMapsRepository } from '../rankmaps/rankmaps.repository';
import { zoneOf } from '../rankmaps/scan/weekly-scans.service';
import { type ReportSendRow, reportMailRepository } from './report-mail.repository';

// When a place's report is due (docs/reports.md, "Scheduled report e-mails"): after each weekly
// round of its keywords, or monthly on a chosen day. Either way the round is recorded once, by
// the unique (place, round) of report_sends, and its report-email job is queued in the same
// transaction: a second look at the same round inserts nothing and queues nothing.

/** The monthly report goes out from this hour (the place's clock) on its day. */
export const MONTHLY_REPORT_HOUR = 9;
/** A monthly moment missed by more than this (the service was down all day) is skipped, not sent late. */
export const MONTHLY_DUE_WINDOW_MS = 24 * 3600 * 1000;

type RoundContainer = Pick<Container, 'boss' | 'database'>;

/** Records the round as due and queues its job, once. Undefined when the place already had it. */
export async function queueReportRound(container: RoundContainer, placeId: string, round: string, trigger: ReportSendRow['trigger']): Promise<ReportSendRow | undefined> {
  return container.database.db.transaction(async (tx) => {
    const send = await reportMailRepository.insertSend(tx, { placeId, round, trigger });
    if (send) await sendReportEmailJob(container.boss, tx, send.id);
    return send;
  });
}

/**
 * Called when an analysis completes or fails (by the notify-analysis job, which the completing
 * transaction queues). A weekly analysis ends its place's round when every analysis of that ISO
 * week is completed or failed and every keyword that existed at the slot has one (the scheduler
 * inserts them one by one, so a quick first scan must not end a round whose others are not in
 * yet). Whichever analysis ends last sees it; two ending at once both see it, and the unique
 * round keeps it once.
 */
export async function reportRoundAfterAnalysis(container: RoundContainer, rankMapId: string): Promise<ReportSendRow | undefined> {
  const db = container.database.db;
  const row = await rankMapsRepository.findById(db, rankMapId);
  if (!row || row.kind !== 'weekly' || !row.weeklySlot) return undefined;
  const schedule = await reportMailRepository.findSchedule(db, row.placeId);
  if (schedule?.mode !== 'weekly') return undefined;
  const state = await reportMailRepository.weeklyRoundState(db, row.placeId, row.weeklySlot, row.scheduledFor ?? row.createdAt);
  if (state.unfinished > 0 || state.analyses < state.keywords) return undefined;
  return queueReportRound(container, row.placeId, row.weeklySlot, row.weeklySlot.startsWith('dev-') ? 'dev' : 'weekly');
}

/** '2026-11': the month of `at` on the zone's clock, the monthly round's key. */
export function monthlyRoundKey(at: Date, timeZone: string): string {
  const w = wallClock(at, timeZone);
  return `${w.year}-${String(w.month).padStart(2, '0')}`;
}

/** This month's moment of a monthly report: `monthDay` at 09:00 on the zone's clock. */
export function monthlyDueAt(now: Date, monthDay: number, timeZone: string): Date {
  const w = wallClock(now, timeZone);
  return zonedInstant(w.year, w.month, monthDay, MONTHLY_REPORT_HOUR, timeZone);
}

/**
 * The hourly job: every place on a monthly schedule whose day has come (from 09:00 on its own
 * clock, within a day) gets its month's round, once. Returns how many rounds it queued.
 */
export async function queueDueMonthlyReports(container: RoundContainer, now: Date = new Date()): Promise<number> {
  let queued = 0;
  for (const { place, monthDay } of await reportMailRepository.listMonthly(container.database.db)) {
    const zone = zoneOf(place);
    const due = monthlyDueAt(now, monthDay, zone);
    const late = now.getTime() - due.getTime();
    if (late < 0 || late > MONTHLY_DUE_WINDOW_MS) continue;
    if (await queueReportRound(container, place.id, monthlyRoundKey(due, zone), 'monthly')) queued++;
  }
  return queued;
}
