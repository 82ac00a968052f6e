import type { JobDefinition } from './job-definition';

export const RANKMAP_SCHEDULER_JOB = 'rankmap-scheduler';
/** Every 5 minutes (UTC): a campaign slot (a weekly scan too) starts within 5 minutes of its hour. */
export const RANKMAP_SCHEDULER_CRON = '*/5 * * * *';

export const rankmapSchedulerJob: JobDefinition = { name: RANKMAP_SCHEDULER_JOB, cron: RANKMAP_SCHEDULER_CRON };
