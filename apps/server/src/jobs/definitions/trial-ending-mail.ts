import type { JobDefinition } from './job-definition';

export const TRIAL_ENDING_MAIL_JOB = 'trial-ending-mail';
/** Hourly: a trial gets its reminder within the hour it comes 3 days from its end. */
export const TRIAL_ENDING_MAIL_CRON = '23 * * * *';

export const trialEndingMailJob: JobDefinition = { name: TRIAL_ENDING_MAIL_JOB, cron: TRIAL_ENDING_MAIL_CRON };
