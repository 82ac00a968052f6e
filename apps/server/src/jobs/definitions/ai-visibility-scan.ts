import { randomUUID } from 'node:crypto';
import type PgBoss from 'pg-boss';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { transactionExecutor } from '../../queue/tx-executor';
import type { JobDefinition, JobSender } from './job-definition';

export const AI_VISIBILITY_SCAN_JOB = 'ai-visibility-scan';
export const aiVisibilityScanPayload = z.object({ analysisId: z.uuid() });

/**
 * One job per AI-visibility analysis, with rankmap-scan's retries and expiry
 * (docs/decisions.md §31.4): a killed worker's job is retried after the expiry, the sweeper usually gets there
 * first, and a run still alive is left alone because the retry finds its lease live.
 */
export const AI_VISIBILITY_SCAN_OPTIONS = { retryLimit: 4, retryDelay: 30, retryBackoff: true, expireInSeconds: 30 * 60 } as const;

export const aiVisibilityScanJob: JobDefinition = { name: AI_VISIBILITY_SCAN_JOB };

/** Queues the analysis's run through `tx`, so the job commits with the row it points to. Returns the job id. */
export async function sendAiScanJob(boss: JobSender, tx: DbOrTx, analysisId: string, opts: { jobId?: string; startAfter?: Date | null } = {}): Promise<string> {
  const id = opts.jobId ?? randomUUID();
  await boss.send(AI_VISIBILITY_SCAN_JOB, { analysisId }, { ...AI_VISIBILITY_SCAN_OPTIONS, id, singletonKey: analysisId, ...(opts.startAfter ? { startAfter: opts.startAfter } : {}), db: transactionExecutor(tx) });
  return id;
}

/** The ids of this process's AI scan workers (recorded by the worker start-up), nudged when a scan is queued to run now. */
const localWorkers = new WeakMap<PgBoss, string[]>();

export function rememberAiScanWorker(boss: PgBoss, workerId: string): void {
  const ids = localWorkers.get(boss) ?? [];
  localWorkers.set(boss, ids);
  ids.push(workerId);
}

export function wakeAiScanWorkers(boss: PgBoss): void {
  for (const id of localWorkers.get(boss) ?? []) boss.notifyWorker(id);
}
