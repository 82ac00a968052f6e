import type { JobDefinition } from './job-definition';

export const GRANT_PLAN_CREDITS_JOB = 'grant-plan-credits';
/** Hourly: a new month of an annual plan gets its credits within the hour. */
export const GRANT_PLAN_CREDITS_CRON = '7 * * * *';

export const grantPlanCreditsJob: JobDefinition = { name: GRANT_PLAN_CREDITS_JOB, cron: GRANT_PLAN_CREDITS_CRON };
