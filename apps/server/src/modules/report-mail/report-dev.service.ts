import { randomUUID } from 'node:crypto';
import type { Container } from '../../container';
import { badRequest } from '../../errors';
import { sendScanJob } from '../../jobs/definitions/rankmap-scan';
import { requirePaidPlan } from '../billing/plan-access.service';
import { keywordsRepository } from '../keywords/keywords.repository';
import { ownedOr404 } from '../places/places.service';
import { rankMapsRepository } from '../rankmaps/rankmaps.repository';
import { gridSnapshotOf, targetOf } from '../rankmaps/scan/scan-snapshot.service';

export const NO_KEYWORDS = 'Este negocio no tiene keywords: añade una para lanzar el escaneo semanal.';
export const NO_POINTS = 'La cuadrícula de este negocio no tiene puntos válidos.';

/**
 * The development route's round (POST /api/dev/report-round/:id): one weekly analysis per keyword
 * of the place, queued now as the weekly scheduler queues a slot's, under a round key of its own
 * ('dev-<time>', so it never takes a real ISO week's slot). When the last one ends, the round ends
 * as a weekly one does (report-rounds.service.ts).
 */
export async function runReportRoundNow(container: Container, userId: string, placeId: string): Promise<{ round: string; analyses: number }> {
  const place = await ownedOr404(container, userId, placeId);
  const plan = await requirePaidPlan(container, userId);
  const db = container.database.db;
  const keywords = await keywordsRepository.listByPlace(db, place.id);
  if (keywords.length === 0) throw badRequest(NO_KEYWORDS, 'NO_KEYWORDS');
  const grid = await gridSnapshotOf(container, place);
  if (grid.points.length === 0) throw badRequest(NO_POINTS, 'NO_POINTS');
  const round = `dev-${new Date().toISOString().replace(/[^0-9]/g, '').slice(0, 17)}`;
  const at = new Date();
  let analyses = 0;
  for (const keyword of keywords) {
    const jobId = randomUUID();
    const inserted = await db.transaction(async (tx) => {
      const row = await rankMapsRepository.insertWeekly(tx, {
        keywordId: keyword.id,
        placeId: place.id,
        userId: place.userId,
        query: keyword.name,
        kind: 'weekly',
        scheduledFor: at,
        weeklySlot: round,
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
    if (inserted) analyses++;
  }
  return { round, analyses };
}
