import type PgBoss from 'pg-boss';
import type { Container } from '../container';
import { SEND_EMAIL_JOB, handleSendEmail } from './send-email.job';

/** Queues every job uses; created at start by both the API and the workers. */
export async function createQueues(boss: PgBoss): Promise<void> {
  await boss.createQueue(SEND_EMAIL_JOB);
}

/** Registers every job handler with pg-boss. Runs in the API process (embedded default) or in `npm run worker`. */
export async function startWorkers(container: Container): Promise<void> {
  await container.boss.work(SEND_EMAIL_JOB, { pollingIntervalSeconds: 1, includeMetadata: true }, async (jobs) => {
    for (const job of jobs) {
      await handleSendEmail(container, job.data, job.retryCount >= job.retryLimit);
    }
  });
}
