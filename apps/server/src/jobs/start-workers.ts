import type PgBoss from 'pg-boss';
import type { Container } from '../container';
import { GRANT_PLAN_CREDITS_CRON, GRANT_PLAN_CREDITS_JOB, handleGrantPlanCredits } from './grant-plan-credits.job';
import { MAIL_OUTBOX_SWEEP_CRON, MAIL_OUTBOX_SWEEP_JOB, handleMailOutboxSweep } from './mail-outbox-sweep.job';
import { createMapsSearchProvider } from '../providers/maps-search';
import { scanDeps } from '../modules/rankmaps/scan.service';
import { RANKMAP_SCAN_JOB, workScanJobs } from './rankmap-scan.job';
import { RANKMAP_SCHEDULER_CRON, RANKMAP_SCHEDULER_JOB, handleRankmapScheduler } from './rankmap-scheduler.job';
import { SEND_EMAIL_JOB, SEND_EMAIL_RETRY, handleSendEmail } from './send-email.job';

/** Queues every job uses; created at start by both the API and the workers. */
export async function createQueues(boss: PgBoss): Promise<void> {
  // Copies: pg-boss writes into the options it is given. createQueue leaves a queue that
  // exists alone, so one made by an earlier release gets the policy from updateQueue.
  await boss.createQueue(SEND_EMAIL_JOB, { name: SEND_EMAIL_JOB, ...SEND_EMAIL_RETRY });
  await boss.updateQueue(SEND_EMAIL_JOB, { name: SEND_EMAIL_JOB, ...SEND_EMAIL_RETRY });
  await boss.createQueue(MAIL_OUTBOX_SWEEP_JOB);
  await boss.createQueue(GRANT_PLAN_CREDITS_JOB);
  await boss.createQueue(RANKMAP_SCAN_JOB);
  await boss.createQueue(RANKMAP_SCHEDULER_JOB);
}

/** Scans one process runs at a time; each scan has its own bounded concurrency of searches. */
const SCAN_WORKERS_PER_PROCESS = 2;

/** Registers every job handler with pg-boss. Runs in the API process (embedded default) or in `npm run worker`. */
export async function startWorkers(container: Container): Promise<void> {
  // Several workers, each one mail at a time: a slow SMTP conversation holds up only its own.
  for (let i = 0; i < container.config.mail.sendConcurrency; i++) {
    await container.boss.work(SEND_EMAIL_JOB, { pollingIntervalSeconds: 1 }, async (jobs) => {
      for (const job of jobs) await handleSendEmail(container, job.data);
    });
  }
  await container.boss.schedule(MAIL_OUTBOX_SWEEP_JOB, MAIL_OUTBOX_SWEEP_CRON, {}, { tz: 'UTC' });
  await container.boss.work(MAIL_OUTBOX_SWEEP_JOB, { pollingIntervalSeconds: 30 }, async () => {
    await handleMailOutboxSweep(container);
  });
  // pg-boss keeps one schedule per name in the database, so several workers do not multiply it.
  await container.boss.schedule(GRANT_PLAN_CREDITS_JOB, GRANT_PLAN_CREDITS_CRON, {}, { tz: 'UTC' });
  await container.boss.work(GRANT_PLAN_CREDITS_JOB, { pollingIntervalSeconds: 30 }, async () => {
    await handleGrantPlanCredits(container);
  });
  const scan = scanDeps(container, createMapsSearchProvider(container.config));
  await workScanJobs(container.boss, scan, SCAN_WORKERS_PER_PROCESS);
  await container.boss.schedule(RANKMAP_SCHEDULER_JOB, RANKMAP_SCHEDULER_CRON, {}, { tz: 'UTC' });
  await container.boss.work(RANKMAP_SCHEDULER_JOB, { pollingIntervalSeconds: 30 }, async () => {
    await handleRankmapScheduler(container);
  });
}
