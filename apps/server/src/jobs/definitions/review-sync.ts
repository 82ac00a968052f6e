import { z } from 'zod';
import type { JobDefinition, JobSender } from './job-definition';

export const REVIEW_SYNC_JOB = 'review-sync';
export const REVIEW_SYNC_SWEEP_JOB = 'review-sync-sweep';
/** Every 6 hours (UTC) each linked business's reviews are synced (docs/decisions.md §32.4). */
export const REVIEW_SYNC_SWEEP_CRON = '23 */6 * * *';

export const reviewSyncPayload = z.object({ placeId: z.uuid() });

/**
 * 'short': one waiting sync per business (singletonKey). Two running at once are one: the
 * location's lease in the database (review_syncs) lets only one read.
 */
export const reviewSyncJob: JobDefinition = {
  name: REVIEW_SYNC_JOB,
  queuePolicy: { policy: 'short', retryLimit: 3, retryDelay: 60, retryBackoff: true },
};
export const reviewSyncSweepJob: JobDefinition = { name: REVIEW_SYNC_SWEEP_JOB, cron: REVIEW_SYNC_SWEEP_CRON };

export async function sendReviewSyncJob(boss: JobSender, placeId: string): Promise<void> {
  await boss.send(REVIEW_SYNC_JOB, { placeId }, { singletonKey: placeId });
}
