import type { Container } from '../../container';
import type { Tx } from '../../db/client';
import { RANKMAP_SCAN_JOB } from '../../jobs/definitions/rankmap-scan';
import { type ActiveScope, rankMapsRepository } from './rankmaps.repository';
import { settleBeforeDelete } from './scan/scan-billing.service';

/** Cancels queued scan jobs. Best effort: a job that still runs finds its analysis gone and stops. */
export async function cancelScanJobs(container: Pick<Container, 'boss' | 'log'>, jobIds: string[]): Promise<void> {
  if (jobIds.length === 0) return;
  try {
    await container.boss.cancel(RANKMAP_SCAN_JOB, jobIds);
  } catch (err) {
    container.log.warn({ err, jobIds }, 'no se pudieron cancelar los trabajos de análisis');
  }
}

/**
 * Deletes something that owns analyses (one analysis, a keyword, a place) with `remove`,
 * in one transaction with settling its unfinished analyses: they are locked, so no worker
 * starts them meanwhile, and what they have not searched is given back. Results go by
 * foreign key cascade; the queued jobs are cancelled after the commit.
 */
export async function deleteWithAnalyses<T>(container: Pick<Container, 'boss' | 'database' | 'log'>, scope: ActiveScope, remove: (tx: Tx) => Promise<T>): Promise<T> {
  const jobIds: string[] = [];
  const result = await container.database.db.transaction(async (tx) => {
    for (const row of await rankMapsRepository.lockActive(tx, scope)) {
      await settleBeforeDelete(tx, row);
      if (row.jobId) jobIds.push(row.jobId);
    }
    return remove(tx);
  });
  await cancelScanJobs(container, jobIds);
  return result;
}
