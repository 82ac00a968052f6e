import type { JobDefinition } from './job-definition';

export const REPORT_EMAIL_SCHEDULER_JOB = 'report-email-scheduler';
/** Hourly at :23 (UTC): a monthly report goes out within the hour of 09:00 on its day, on the place's clock. */
export const REPORT_EMAIL_SCHEDULER_CRON = '23 * * * *';

export const reportEmailSchedulerJob: JobDefinition = { name: REPORT_EMAIL_SCHEDULER_JOB, cron: REPORT_EMAIL_SCHEDULER_CRON };
