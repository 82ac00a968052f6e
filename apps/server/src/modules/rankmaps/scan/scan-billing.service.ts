import type { Db, Tx } from '../../../db/client';
import { type JobSender, sendNotifyAnalysisJob } from '../../../jobs/definitions/notify-analysis';
import { creditsService } from '../../billing/credits.service';
import { keywordFiguresRepository } from '../keyword-figures.repository';
import { rankResultsRepository } from '../rank-results.repository';
import { type RankMapRow, rankMapsRepository } from '../rankmaps.repository';
import { scansFailed } from '../../../metrics/metrics';

/** Why an analysis failed, as the timeline shows it. */
export const FAILURE_REASONS = {
  noResults: 'No se pudo obtener ningún resultado del proveedor de búsqueda. El análisis no se ha cobrado.',
  providerRejected: 'El proveedor de búsqueda rechazó las peticiones (credenciales o configuración no válidas). El análisis no se ha cobrado.',
  exhausted: 'El análisis no se pudo completar tras varios intentos. El análisis no se ha cobrado.',
  insufficientCredits: (needed: number) => `No tenías créditos suficientes cuando empezó el análisis (hacían falta ${needed}). Compra más créditos para volver a intentarlo.`,
  planEnded: 'Tu plan actual ya no incluye este análisis.',
  internal: 'Error interno al procesar el análisis. El análisis no se ha cobrado.',
} as const;

/** The ledger reference of an analysis: reserve and refund are idempotent by it. */
export const creditReference = (rankMapId: string) => `rankmap:${rankMapId}`;

// creditsService opens its own transaction; given an open one, it becomes a savepoint.
const asDb = (tx: Tx) => tx as unknown as Db;

/** Reserves a pro analysis' points. Repeating it (a resumed run) charges nothing more. */
export async function reserveCredits(tx: Tx, row: Pick<RankMapRow, 'id' | 'userId' | 'totalPoints'>, actorId: string | null = null): Promise<number> {
  const { charged } = await creditsService.reserve(asDb(tx), { userId: row.userId, amount: row.totalPoints, reference: creditReference(row.id), actorId });
  return charged;
}

/** Gives back up to `amount` credits of the analysis; once per analysis. */
export async function refundCredits(tx: Tx, row: Pick<RankMapRow, 'id' | 'userId'>, amount: number): Promise<number> {
  if (amount <= 0) return 0;
  const { refunded } = await creditsService.refund(asDb(tx), { userId: row.userId, amount, reference: creditReference(row.id) });
  return refunded;
}

/**
 * Fails an analysis (its row locked by `tx`). A failed analysis costs nothing: a pro plan
 * gets its credits back, a basic plan its monthly scan. Its alert evaluation is queued in the
 * same transaction (docs/decisions.md §23.2).
 */
export async function failRankMap(tx: Tx, row: RankMapRow, reason: string, boss: JobSender): Promise<void> {
  const refunded = row.billing === 'credits' ? await refundCredits(tx, row, row.totalPoints) : 0;
  if (row.billing === 'plan') await rankMapsRepository.deleteQuotaUse(tx, row.id);
  await rankMapsRepository.update(tx, row.id, {
    status: 'failed',
    failureReason: reason,
    runToken: null,
    failedPoints: row.totalPoints,
    creditsRefunded: row.creditsRefunded + refunded,
    // What the vendor charged is recorded even when the user pays nothing (docs/decisions.md §21).
    vendorCostUsd: await rankResultsRepository.sumCost(tx, row.id),
    vendorWaitSince: null,
    completedAt: new Date(),
  });
  // The portfolio's figures follow in the same transaction (docs/decisions.md §25.1).
  await keywordFiguresRepository.refresh(tx, row.keywordId);
  await sendNotifyAnalysisJob(boss, tx, row.id);
  // Counted with the write: a transaction rolled back after this (rare) counts one failure too many.
  scansFailed.inc();
}

/**
 * Before an analysis that has not finished is deleted (its row locked by `tx`): what it has
 * not searched yet is given back. A pending one returns all its credits and its monthly scan.
 */
export async function settleBeforeDelete(tx: Tx, row: RankMapRow): Promise<void> {
  if (row.billing === 'credits') {
    const searched = row.status === 'processing' ? await rankResultsRepository.countOk(tx, row.id) : 0;
    await refundCredits(tx, row, row.totalPoints - searched);
  } else if (row.status === 'pending') {
    await rankMapsRepository.deleteQuotaUse(tx, row.id);
  }
}
