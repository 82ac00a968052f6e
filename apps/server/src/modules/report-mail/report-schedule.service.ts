import type { ReportSchedule } from '@rankmaps/shared/schemas/report-mail';
import type { Container } from '../../container';
import { requirePaidPlan } from '../billing/plan-access.service';
import { ownedOr404 } from '../places/places.service';
import { reportMailRepository } from './report-mail.repository';

/** No row: off. */
const OFF: ReportSchedule = { mode: 'off', monthDay: null };

export async function getReportSchedule(container: Pick<Container, 'database'>, userId: string, placeId: string): Promise<ReportSchedule> {
  const place = await ownedOr404(container, userId, placeId);
  const row = await reportMailRepository.findSchedule(container.database.db, place.id);
  return row ? { mode: row.mode, monthDay: row.monthDay } : OFF;
}

/** Saves when the place's report goes out; a paid plan's feature, like the place's other settings. */
export async function saveReportSchedule(container: Pick<Container, 'config' | 'database'>, userId: string, placeId: string, input: ReportSchedule): Promise<ReportSchedule> {
  const place = await ownedOr404(container, userId, placeId);
  await requirePaidPlan(container, userId);
  // The day is kept when the mode is not monthly, so switching back finds it.
  const row = await reportMailRepository.saveSchedule(container.database.db, place.id, input.mode, input.monthDay);
  return { mode: row.mode, monthDay: row.monthDay };
}
