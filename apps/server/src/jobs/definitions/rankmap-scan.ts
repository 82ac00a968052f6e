import { randomUUID } from 'node:crypto';
import type PgBoss from 'pg-boss';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { transactionExecutor } from '../../queue/tx-executor';
import type { JobDefinition, JobSender } from './job-definition';

export const RANKMAP_SCAN_JOB = 'rankmap-scan';
export const rankmapScanPayload = z.object({ rankMapId: z.uuid() });

/**
 * One job per analysis. The expiry bounds how long a killed worker's job stays "active"
 * before pg-boss retries it (the scheduler's sweeper usually gets there first); a scan
 * still running past it is not disturbed, because the retry finds its lease alive.
 */
export const RANKMAP_SCAN_OPTIONS = { retryLimit: 4, retryDelay: 30, retryBackoff: true, expireInSeconds: 30 * 60 } as const;

export const rankmapScanJob: JobDefinition = { name: RANKMAP_SCAN_JOB };

/**
 * Queues the scan of an analysis through `tx`, so the job commits with the rows it points
 * to. Returns the job id, kept on the analysis so deleting it can cancel the job.
 */
export async function sendScanJob(boss: JobSender, tx: DbOrTx, rankMapId: string, opts: { jobId?: string; startAfter?: Date | null } = {}): Promise<string> {
  const id = opts.jobId ?? randomUUID();
  const { startAfter } = opts;
  await boss.send(
    RANKMAP_SCAN_JOB,
    { rankMapId },
    { ...RANKMAP_SCAN_OPTIONS, id, singletonKey: rankMapId, ...(startAfter ? { startAfter } : {}), db: transactionExecutor(tx) },
  );
  return id;
}

/** The ids of this process's scan workers, per queue (recorded by the worker start-up). */
const localScanWorkers = new WeakMap<PgBoss, string[]>();

export function rememberScanWorker(boss: PgBoss, workerId: string): void {
  const ids = localScanWorkers.get(boss) ?? [];
  localScanWorkers.set(boss, ids);
  ids.push(workerId);
}

/**
 * Call after a scan queued to run now has committed: this process's scan workers fetch at
 * once instead of at their next poll (up to a second later; a 25×25 demo scan takes less).
 * Workers of other processes (`npm run worker`) keep polling every second.
 */
export function wakeScanWorkers(boss: PgBoss): void {
  for (const id of localScanWorkers.get(boss) ?? []) boss.notifyWorker(id);
}
