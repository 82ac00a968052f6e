import type { JobDefinition } from './job-definition';

export const MAIL_OUTBOX_SWEEP_JOB = 'mail-outbox-sweep';
/** Every 5 minutes (UTC): the shortest spacing between re-queues (MAIL_REQUEUE_MIN_DELAY_SECONDS) is as long. */
export const MAIL_OUTBOX_SWEEP_CRON = '*/5 * * * *';

export const mailOutboxSweepJob: JobDefinition = { name: MAIL_OUTBOX_SWEEP_JOB, cron: MAIL_OUTBOX_SWEEP_CRON };
