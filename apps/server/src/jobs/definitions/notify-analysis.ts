import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { transactionExecutor } from '../../queue/tx-executor';
import type { JobDefinition, JobSender } from './job-definition';

export type { JobSender };

export const NOTIFY_ANALYSIS_JOB = 'notify-analysis';

/** The analysis that just completed or failed: the job works out what to notify (docs/decisions.md §23.2). */
export const notifyAnalysisPayload = z.object({ rankMapId: z.uuid() });

/**
 * 'short': one waiting job per analysis. What makes each notification once is its unique
 * dedupe key; the job only carries the evaluation out of the scan's completion.
 */
export const notifyAnalysisJob: JobDefinition = {
  name: NOTIFY_ANALYSIS_JOB,
  queuePolicy: { policy: 'short', retryLimit: 5, retryDelay: 10, retryBackoff: true },
};

/**
 * Queues the evaluation through the transaction that marks the analysis completed or failed:
 * one insert, so the outcome and its alerts commit together (docs/performance.md measures it).
 */
export async function sendNotifyAnalysisJob(boss: JobSender, tx: DbOrTx, rankMapId: string): Promise<void> {
  await boss.send(NOTIFY_ANALYSIS_JOB, { rankMapId }, { singletonKey: rankMapId, db: transactionExecutor(tx) });
}
