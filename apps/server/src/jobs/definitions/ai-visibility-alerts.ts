import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { transactionExecutor } from '../../queue/tx-executor';
import type { JobDefinition, JobSender } from './job-definition';

export type { JobSender };

export const AI_VISIBILITY_ALERTS_JOB = 'ai-visibility-alerts';

/** The AI-visibility analysis that just completed or failed: the job works out its alerts (docs/decisions.md §31.7). */
export const aiVisibilityAlertsPayload = z.object({ analysisId: z.uuid() });

/** As notify-analysis: one waiting job per analysis; each notification's unique dedupe key is what makes it once. */
export const aiVisibilityAlertsJob: JobDefinition = {
  name: AI_VISIBILITY_ALERTS_JOB,
  queuePolicy: { policy: 'short', retryLimit: 5, retryDelay: 10, retryBackoff: true },
};

/** Queued through the transaction that completes or fails the analysis: the outcome and its alerts commit together. */
export async function sendAiAlertsJob(boss: JobSender, tx: DbOrTx, analysisId: string): Promise<void> {
  await boss.send(AI_VISIBILITY_ALERTS_JOB, { analysisId }, { singletonKey: analysisId, db: transactionExecutor(tx) });
}
