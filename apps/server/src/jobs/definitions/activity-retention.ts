import type { JobDefinition } from './job-definition';

export const ACTIVITY_RETENTION_JOB = 'activity-retention';
/** Daily (UTC), at a quiet hour: the log keeps 13 months (docs/decisions.md §30.5), so a day's lag is nothing. */
export const ACTIVITY_RETENTION_CRON = '41 3 * * *';

export const activityRetentionJob: JobDefinition = { name: ACTIVITY_RETENTION_JOB, cron: ACTIVITY_RETENTION_CRON };
