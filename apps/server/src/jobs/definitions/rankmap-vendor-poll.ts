import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { transactionExecutor } from '../../queue/tx-executor';
import type { JobDefinition, JobSender } from './job-definition';

export const RANKMAP_VENDOR_POLL_JOB = 'rankmap-vendor-poll';
export const rankmapVendorPollPayload = z.object({ rankMapId: z.uuid() });

/**
 * One poll of the vendor's standard queue for an analysis that waits for it
 * (docs/decisions.md §21.2). 'stately': at most one queued and one running per analysis, so the running poll
 * can queue the next one while any other send for the analysis (the scheduler's safety net)
 * is dropped. A failed poll is retried like a scan; it never counts against the scan's runs.
 */
export const rankmapVendorPollJob: JobDefinition = {
  name: RANKMAP_VENDOR_POLL_JOB,
  queuePolicy: { policy: 'stately', retryLimit: 4, retryDelay: 30, retryBackoff: true, expireInSeconds: 10 * 60 },
};

/** Queues the next poll of an analysis, `afterSeconds` from now, through `tx` when given (with the rows that made it wait). */
export async function sendVendorPollJob(boss: JobSender, rankMapId: string, afterSeconds: number, tx?: DbOrTx): Promise<void> {
  await boss.send(
    RANKMAP_VENDOR_POLL_JOB,
    { rankMapId },
    { singletonKey: rankMapId, startAfter: new Date(Date.now() + Math.max(0, afterSeconds) * 1000), ...(tx ? { db: transactionExecutor(tx) } : {}) },
  );
}
