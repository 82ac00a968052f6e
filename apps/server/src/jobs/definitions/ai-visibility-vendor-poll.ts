import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { transactionExecutor } from '../../queue/tx-executor';
import type { JobDefinition, JobSender } from './job-definition';

export const AI_VISIBILITY_VENDOR_POLL_JOB = 'ai-visibility-vendor-poll';
export const aiVisibilityVendorPollPayload = z.object({ analysisId: z.uuid() });

/**
 * One poll of the engines' standard queues for an AI analysis that waits for them
 * (docs/decisions.md §31.16), with rankmap-vendor-poll's policy: 'stately', at most one queued and
 * one running per analysis, so the running poll queues the next while a second send is dropped.
 */
export const aiVisibilityVendorPollJob: JobDefinition = {
  name: AI_VISIBILITY_VENDOR_POLL_JOB,
  queuePolicy: { policy: 'stately', retryLimit: 4, retryDelay: 30, retryBackoff: true, expireInSeconds: 10 * 60 },
};

/** Queues the next poll of an analysis, `afterSeconds` from now, through `tx` when given (with the rows that made it wait). */
export async function sendAiVendorPollJob(boss: JobSender, analysisId: string, afterSeconds: number, tx?: DbOrTx): Promise<void> {
  await boss.send(
    AI_VISIBILITY_VENDOR_POLL_JOB,
    { analysisId },
    { singletonKey: analysisId, startAfter: new Date(Date.now() + Math.max(0, afterSeconds) * 1000), ...(tx ? { db: transactionExecutor(tx) } : {}) },
  );
}
