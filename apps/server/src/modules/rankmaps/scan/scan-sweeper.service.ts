import type { Container } from '../../../container';
import { sendScanJob } from '../../../jobs/definitions/rankmap-scan';
import { rankMapsRepository } from '../rankmaps.repository';
import { FAILURE_REASONS, failRankMap } from './scan-billing.service';
import { rateLimitRepository } from './rate-limit.repository';

/** Rate-limit windows are kept this long, for diagnostics, then cleared. */
const RATE_WINDOW_RETENTION_SECONDS = 3600;

/**
 * No analysis stays "processing" forever. One whose worker stopped beating (killed, crashed,
 * lost its connection) is handed to a new job, which resumes it; one that has used up its
 * runs fails, and costs nothing.
 */
export async function sweepStaleScans(container: Pick<Container, 'boss' | 'database'>, opts: { staleSeconds: number; maxRuns: number }): Promise<{ requeued: number; failed: number }> {
  const db = container.database.db;
  let requeued = 0;
  let failed = 0;
  for (const { id } of await rankMapsRepository.listStale(db, opts.staleSeconds)) {
    await db.transaction(async (tx) => {
      const found = await rankMapsRepository.lockWithLease(tx, id, opts.staleSeconds);
      // Checked again under the lock: the run may have beaten or finished meanwhile.
      if (found?.row.status !== 'processing' || found.leaseLive) return;
      if (found.row.attempts >= opts.maxRuns) {
        await failRankMap(tx, found.row, FAILURE_REASONS.exhausted, container.boss);
        failed++;
        return;
      }
      const jobId = await sendScanJob(container.boss, tx, id);
      await rankMapsRepository.requeue(tx, id, jobId);
      requeued++;
    });
  }
  await rateLimitRepository.purgeOlderThan(db, RATE_WINDOW_RETENTION_SECONDS);
  return { requeued, failed };
}
