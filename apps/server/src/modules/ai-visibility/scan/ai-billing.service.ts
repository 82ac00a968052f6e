import type { Db, Tx } from '../../../db/client';
import { type JobSender, sendAiAlertsJob } from '../../../jobs/definitions/ai-visibility-alerts';
import { creditsService } from '../../billing/credits.service';
import { type AiAnalysisRow, aiAnalysesRepository } from '../ai-analyses.repository';
import type { AiEnginePlan } from '../ai-plan';

/** Why an AI analysis failed, as its history shows it. */
export const AI_FAILURE_REASONS = {
  noAnswers: 'Ningún motor de IA devolvió una respuesta válida. El análisis no se ha cobrado.',
  exhausted: 'El análisis no se pudo completar tras varios intentos. El análisis no se ha cobrado.',
  internal: 'Error interno al procesar el análisis. El análisis no se ha cobrado.',
  planEnded: 'Tu plan actual ya no incluye este análisis. El análisis no se ha cobrado.',
} as const;

/** The ledger reference of an AI analysis: reserve and refund are idempotent by it (docs/decisions.md §31.5). */
export const aiCreditReference = (analysisId: string) => `ai-visibility:${analysisId}`;

// creditsService opens its own transaction; given an open one, it becomes a savepoint.
const asDb = (tx: Tx) => tx as unknown as Db;

/** Takes the analysis's credits, named by its reference: a repeat charges nothing more. `actorId`: who spends (the ledger's actor). */
export async function reserveAiCredits(tx: Tx, row: Pick<AiAnalysisRow, 'id' | 'userId'>, amount: number, actorId: string | null): Promise<number> {
  const { charged } = await creditsService.reserve(asDb(tx), { userId: row.userId, amount, reference: aiCreditReference(row.id), actorId });
  return charged;
}

/** Gives back up to `amount` credits of the analysis; once per analysis (the ledger refuses a second refund of a reference). */
export async function refundAiCredits(tx: Tx, row: Pick<AiAnalysisRow, 'id' | 'userId'>, amount: number): Promise<number> {
  if (amount <= 0) return 0;
  const { refunded } = await creditsService.refund(asDb(tx), { userId: row.userId, amount, reference: aiCreditReference(row.id) });
  return refunded;
}

/** The credits the failed calls of each engine are worth. */
export function creditsOfFailures(plan: readonly AiEnginePlan[], failedByEngine: ReadonlyMap<string, number>): number {
  return plan.reduce((sum, e) => sum + (failedByEngine.get(e.id) ?? 0) * e.creditsPerCall, 0);
}

/**
 * Fails an analysis (its row locked by `tx`): everything reserved goes back, once, and what the
 * vendors charged is still recorded. Its alert evaluation is queued with it, as map scans do.
 */
export async function failAiAnalysis(tx: Tx, row: AiAnalysisRow, reason: string, boss: JobSender): Promise<void> {
  const refunded = await refundAiCredits(tx, row, row.creditsReserved);
  const { costUsd } = await aiAnalysesRepository.tally(tx, row.id);
  await aiAnalysesRepository.update(tx, row.id, {
    status: 'failed',
    failureReason: reason,
    runToken: null,
    failedCalls: row.totalCalls,
    creditsRefunded: row.creditsRefunded + refunded,
    creditsCharged: Math.max(0, row.creditsReserved - row.creditsRefunded - refunded),
    vendorCostUsd: costUsd,
    finishedAt: new Date(),
  });
  await sendAiAlertsJob(boss, tx, row.id);
}
